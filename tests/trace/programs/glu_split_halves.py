"""A gated linear unit: the projection's last axis cut in halves with slices computed
from its size (h.shape[-1] // 2), value * sigmoid(gate), then RMS normalization."""
import numpy as np

rng = np.random.default_rng(132)
W = rng.standard_normal((4, 10)).astype(np.float32)
SCALE = np.ones(5, np.float32) * 1.5


def glu_rms(x):
    h = x @ W
    half = h.shape[-1] // 2
    y = h[..., :half] / (1 + np.exp(-h[..., half:]))
    rms = np.sqrt((y ** 2).mean(axis=-1, keepdims=True) + 1e-6)
    return y / rms * SCALE


TRACE = glu_rms
INPUTS = [(rng.standard_normal((2, 3, 4)).astype(np.float32),),
          (rng.standard_normal((1, 1, 4)).astype(np.float32),),
          (rng.standard_normal((5, 7, 4)).astype(np.float32),)]
