"""Causal (decoder) attention: the mask comes from comparing np.arange(T) with itself,
T read from the input, so the mask follows the sequence length; masked scores are set
with np.where before the softmax."""
import numpy as np

rng = np.random.default_rng(118)
D = 6
W = [rng.standard_normal((D, D)).astype(np.float32) / np.float32(np.sqrt(D)) for _ in range(3)]


def causal_attention(x):
    T = x.shape[1]
    q, k, v = (x @ w for w in W)
    scores = q @ k.transpose(0, 2, 1) / np.float32(np.sqrt(D))
    pos = np.arange(T)
    mask = pos[:, None] >= pos[None, :]
    scores = np.where(mask, scores, np.float32(-1e9))
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)) @ v


TRACE = causal_attention
INPUTS = [(rng.standard_normal((2, 4, D)).astype(np.float32),),
          (rng.standard_normal((1, 1, D)).astype(np.float32),),
          (rng.standard_normal((3, 9, D)).astype(np.float32),)]
