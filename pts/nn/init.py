"""torch.nn.init's in-place initializers over numpy arrays (what model constructors call:
nanoGPT's `_init_weights`), drawing from pts.nn's generator (`pts.manual_seed`)."""
import math

import numpy as np

from pts.stdlib.modules import default_generator


def normal_(tensor: np.ndarray, mean: float = 0.0, std: float = 1.0, generator=None):
    g = generator or default_generator()
    tensor[...] = g.standard_normal(tensor.shape) * std + mean
    return tensor


def uniform_(tensor: np.ndarray, a: float = 0.0, b: float = 1.0, generator=None):
    g = generator or default_generator()
    tensor[...] = g.random(tensor.shape) * (b - a) + a
    return tensor


def constant_(tensor: np.ndarray, val: float):
    tensor[...] = val
    return tensor


def zeros_(tensor: np.ndarray):
    return constant_(tensor, 0.0)


def ones_(tensor: np.ndarray):
    return constant_(tensor, 1.0)


def xavier_uniform_(tensor: np.ndarray, gain: float = 1.0, generator=None):
    fan_out, fan_in = tensor.shape[0], int(np.prod(tensor.shape[1:]))
    a = gain * math.sqrt(6.0 / (fan_in + fan_out))
    return uniform_(tensor, -a, a, generator)


__all__ = ["normal_", "uniform_", "constant_", "zeros_", "ones_", "xavier_uniform_"]
