"""A pre-norm transformer encoder block in numpy: layer norm, multi-head attention (heads
split by reshape + transpose from sizes read off the input), a GELU (tanh form) MLP, two
residual connections.  Sizes come from a dataclass config."""
import math
from dataclasses import dataclass

import numpy as np

rng = np.random.default_rng(103)


@dataclass
class Config:
    d_model: int = 16
    n_heads: int = 4
    d_ff: int = 32
    eps: float = 1e-5


def layer_norm(x, g, b, eps):
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g + b


def gelu(x):
    return 0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x ** 3)))


def softmax(z):
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def weight(*shape):
    return (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)


class Block:
    def __init__(self, cfg: Config):
        d = cfg.d_model
        self.cfg = cfg
        self.ln1 = (np.ones(d, np.float32), np.zeros(d, np.float32))
        self.ln2 = (np.ones(d, np.float32), np.zeros(d, np.float32))
        self.qkv = weight(d, 3 * d)
        self.proj = weight(d, d)
        self.ff1, self.ff2 = weight(d, cfg.d_ff), weight(cfg.d_ff, d)

    def attention(self, x):
        B, T, D = x.shape
        H = self.cfg.n_heads
        qkv = x @ self.qkv
        q, k, v = qkv[..., :D], qkv[..., D:2 * D], qkv[..., 2 * D:]
        split = lambda t: t.reshape(B, T, H, D // H).transpose(0, 2, 1, 3)
        q, k, v = split(q), split(k), split(v)
        att = softmax(q @ k.transpose(0, 1, 3, 2) / math.sqrt(self.cfg.d_model // H))
        out = (att @ v).transpose(0, 2, 1, 3).reshape(B, T, D)
        return out @ self.proj

    def __call__(self, x):
        x = x + self.attention(layer_norm(x, *self.ln1, self.cfg.eps))
        h = layer_norm(x, *self.ln2, self.cfg.eps)
        return x + gelu(h @ self.ff1) @ self.ff2


TRACE = Block(Config())
INPUTS = [(rng.standard_normal((2, 6, 16)).astype(np.float32),),
          (rng.standard_normal((1, 3, 16)).astype(np.float32),),
          (rng.standard_normal((3, 11, 16)).astype(np.float32),)]
