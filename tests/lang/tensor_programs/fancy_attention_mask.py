"""nanoGPT's causal self-attention read path in numpy: the mask np.tril(np.ones((t, t))),
att[..., mask == 0] filled by np.where, softmax, and the last time step by x[:, [-1], :]."""
import numpy as np


def causal_softmax(att: np.ndarray):
    t = att.shape[-1]
    mask = np.tril(np.ones((t, t)))
    att = np.where(mask == 0, -np.inf, att)
    att = att - att.max(axis=-1, keepdims=True)
    e = np.exp(att)
    return e / e.sum(axis=-1, keepdims=True)


def last_logits(x: np.ndarray, W: np.ndarray):
    return x[:, [-1], :] @ W


def next_tokens(x: np.ndarray, W: np.ndarray):
    logits = last_logits(x, W)[:, -1, :]
    return np.argmax(logits, axis=-1)


# run: causal_softmax(np.arange(18.0).reshape(2, 3, 3) / 10)
# run: causal_softmax(np.zeros((1, 2, 4, 4), dtype=np.float32))
# run: last_logits(np.arange(24.0).reshape(2, 3, 4), np.eye(4))
# run: next_tokens(np.arange(24.0).reshape(2, 3, 4), np.arange(20.0).reshape(4, 5) % 7)
