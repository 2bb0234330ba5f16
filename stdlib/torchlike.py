"""torch's tensor functions over numpy arrays, in the pts language (exposed as `pts.tanh`,
`pts.cat`, `pts.zeros`, ...): what ported torch models call as `torch.*`.

Every function is ordinary numpy code, as stdlib/nn.py's are: called from Python it runs
eagerly; called from scripted code (a model's forward, a `@pts.script` function) it is
compiled like user code, specialized per call.  Names, argument names and defaults are
torch's (`dim`, `keepdim`, `start_dim`); a `dtype=` is a numpy dtype (np.float32 where
torch says torch.float32), and functions that create floats make float32 by default, as
torch does.  The arrays are numpy arrays, so their methods stay numpy's: README.md's
spelling table lists what to write for `.view`, `.size()`, `.transpose(1, 2)`, ...

Axis arguments are compile-time constants of a specialization (numpy's `axis=` must be,
frontend.check_tensors); functions whose result rank depends on one (flatten) pass it to
a numpy call first, which makes the caller specialize on its value, then branch on it
(only the taken branch is compiled).  Results that torch gives as a named tuple
(`torch.max(x, dim)`: values, indices) are plain tuples; `chunk`/`split` return lists.
"""
import numpy as np

from pts.stdlib import nn as _nn


# ---------------------------------------------------------------- elementwise

def tanh(input: np.ndarray) -> np.ndarray:
    return np.tanh(input)


def sigmoid(input: np.ndarray) -> np.ndarray:
    return _nn.sigmoid(input)


def relu(input: np.ndarray) -> np.ndarray:
    return _nn.relu(input)


def exp(input: np.ndarray) -> np.ndarray:
    return np.exp(input)


def log(input: np.ndarray) -> np.ndarray:
    return np.log(input)


def sqrt(input: np.ndarray) -> np.ndarray:
    return np.sqrt(input)


def abs(input: np.ndarray) -> np.ndarray:
    return np.abs(input)


def clamp(input: np.ndarray, min=None, max=None) -> np.ndarray:
    # torch.clamp: min and max are optional; min > max gives max everywhere, as torch
    if min is None:
        if max is None:
            raise ValueError("torch.clamp: At least one of 'min' or 'max' must not be None")
        return np.where(input > max, max, input).astype(input.dtype)
    elif max is None:
        return np.where(input < min, min, input).astype(input.dtype)
    else:
        return np.where(input > max, max, np.where(input < min, min, input)).astype(input.dtype)


def where(condition: np.ndarray, input, other) -> np.ndarray:
    return np.where(condition, input, other)


def masked_fill(input: np.ndarray, mask: np.ndarray, value) -> np.ndarray:
    # x.masked_fill(mask, v): v where mask is true, in x's dtype and shape
    return np.where(mask, value, input).astype(input.dtype)


def matmul(input: np.ndarray, other: np.ndarray) -> np.ndarray:
    return input @ other


def softmax(input: np.ndarray, dim: int) -> np.ndarray:
    return _nn.softmax(input, dim)


def log_softmax(input: np.ndarray, dim: int) -> np.ndarray:
    return _nn.log_softmax(input, dim)


# ---------------------------------------------------------------- reductions

def sum(input: np.ndarray, dim=None, keepdim: bool = False):
    if dim is None:
        return input.sum()
    return input.sum(axis=dim, keepdims=keepdim)


def mean(input: np.ndarray, dim=None, keepdim: bool = False):
    if dim is None:
        return input.mean()
    return input.mean(axis=dim, keepdims=keepdim)


def max(input: np.ndarray, dim=None, keepdim: bool = False):
    """torch.max(x): the largest element; torch.max(x, dim): (values, indices)."""
    if dim is None:
        return input.max()
    return input.max(axis=dim, keepdims=keepdim), input.argmax(axis=dim, keepdims=keepdim)


def min(input: np.ndarray, dim=None, keepdim: bool = False):
    """torch.min(x): the smallest element; torch.min(x, dim): (values, indices)."""
    if dim is None:
        return input.min()
    return input.min(axis=dim, keepdims=keepdim), input.argmin(axis=dim, keepdims=keepdim)


def argmax(input: np.ndarray, dim=None, keepdim: bool = False):
    if dim is None:
        return input.argmax()
    return input.argmax(axis=dim, keepdims=keepdim)


def argmin(input: np.ndarray, dim=None, keepdim: bool = False):
    if dim is None:
        return input.argmin()
    return input.argmin(axis=dim, keepdims=keepdim)


# ---------------------------------------------------------------- creation

def zeros(*size, dtype=None) -> np.ndarray:
    """torch.zeros(2, 3) (sizes as arguments; a tuple goes through pts.zeros(*shape))."""
    if dtype is None:
        return np.zeros(size, dtype=np.float32)
    return np.zeros(size, dtype=dtype)


def ones(*size, dtype=None) -> np.ndarray:
    if dtype is None:
        return np.ones(size, dtype=np.float32)
    return np.ones(size, dtype=dtype)


def full(size, fill_value, dtype=None) -> np.ndarray:
    if dtype is None:
        return np.full(size, fill_value, dtype=np.float32)
    return np.full(size, fill_value, dtype=dtype)


def zeros_like(input: np.ndarray, dtype=None) -> np.ndarray:
    if dtype is None:
        return np.zeros_like(input)
    return np.zeros_like(input, dtype=dtype)


def ones_like(input: np.ndarray, dtype=None) -> np.ndarray:
    if dtype is None:
        return np.ones_like(input)
    return np.ones_like(input, dtype=dtype)


def arange(start, end=None, step=1, dtype=None) -> np.ndarray:
    """torch.arange: int64 for int arguments, float32 for floats, or `dtype`."""
    if end is None:
        r = np.arange(0, start, step)
    else:
        r = np.arange(start, end, step)
    if dtype is None:
        if r.dtype == np.float64:
            return r.astype(np.float32)
        return r
    return r.astype(dtype)


def _lower_mask(input: np.ndarray, diagonal: int) -> np.ndarray:
    # element (i, j) of the last two axes is on or below diagonal k when j - i <= k
    rows = np.arange(input.shape[-2]).reshape(-1, 1)
    cols = np.arange(input.shape[-1]).reshape(1, -1)
    return cols - rows <= diagonal


def tril(input: np.ndarray, diagonal: int = 0) -> np.ndarray:
    return np.where(_lower_mask(input, diagonal), input, 0).astype(input.dtype)


def triu(input: np.ndarray, diagonal: int = 0) -> np.ndarray:
    return np.where(_lower_mask(input, diagonal - 1), 0, input).astype(input.dtype)


# ---------------------------------------------------------------- shapes

def reshape(input: np.ndarray, shape) -> np.ndarray:
    return input.reshape(shape)


def transpose(input: np.ndarray, dim0: int, dim1: int) -> np.ndarray:
    return np.swapaxes(input, dim0, dim1)


def permute(input: np.ndarray, dims) -> np.ndarray:
    return np.transpose(input, dims)


def unsqueeze(input: np.ndarray, dim: int) -> np.ndarray:
    return np.expand_dims(input, dim)


def squeeze(input: np.ndarray, dim=None) -> np.ndarray:
    """torch.squeeze; squeezing an axis whose size is not 1 raises numpy's ValueError
    (torch leaves it: the result's rank is fixed when compiled, the size is not).  Compiled
    code needs `dim` (numpy's squeeze() without an axis has a rank known only at run time)."""
    if dim is None:
        return np.squeeze(input)
    return np.squeeze(input, axis=dim)


def flatten(input: np.ndarray, start_dim: int = 0, end_dim: int = -1) -> np.ndarray:
    """Axes start_dim..end_dim merged into one; end_dim -1 (torch's default) or the last
    axis, start_dim 0 to 3."""
    # (a numpy call with axis=start_dim makes a caller specialize on its value, so the
    # tests below are decided when compiled: the result's rank depends on them)
    np.expand_dims(input, start_dim)
    np.expand_dims(input, end_dim)
    if end_dim != -1 and end_dim != input.ndim - 1:
        raise NotImplementedError("pts.flatten: end_dim must be the last axis")
    if start_dim == 0 or input.ndim == 0:
        return input.reshape(-1)
    elif start_dim == 1:
        return input.reshape(input.shape[0], -1)
    elif start_dim == 2:
        return input.reshape(input.shape[0], input.shape[1], -1)
    elif start_dim == 3:
        return input.reshape(input.shape[0], input.shape[1], input.shape[2], -1)
    else:
        raise NotImplementedError("pts.flatten: start_dim must be 0, 1, 2 or 3")


def cat(tensors, dim: int = 0) -> np.ndarray:
    """torch.cat of a list or a tuple of arrays along dim."""
    out = tensors[0]
    first = True
    for t in tensors:
        if first:
            first = False
        else:
            out = np.concatenate((out, t), axis=dim)
    return out


def stack(tensors, dim: int = 0) -> np.ndarray:
    """torch.stack: the arrays along a new axis dim."""
    out = np.expand_dims(tensors[0], dim)
    first = True
    for t in tensors:
        if first:
            first = False
        else:
            out = np.concatenate((out, np.expand_dims(t, dim)), axis=dim)
    return out


def split(tensor: np.ndarray, split_size_or_sections: int, dim: int = 0) -> list:
    """torch.split with an int size: pieces of that size along dim, the last one smaller
    when the size does not divide the axis (views, as torch's)."""
    if split_size_or_sections <= 0:
        raise RuntimeError("split expects split_size be non-negative, but got split_size=0")
    moved = np.swapaxes(tensor, 0, dim)
    out = []
    for i in range(0, moved.shape[0], split_size_or_sections):
        out.append(np.swapaxes(moved[i:i + split_size_or_sections], 0, dim))
    return out


def chunk(input: np.ndarray, chunks: int, dim: int = 0) -> list:
    """torch.chunk: at most `chunks` pieces of ceil(size / chunks) along dim."""
    if chunks <= 0:
        raise RuntimeError("chunk expects `chunks` to be greater than 0, got: 0")
    n = np.swapaxes(input, 0, dim).shape[0]          # (dim is a constant of the call)
    return split(input, (n + chunks - 1) // chunks if n > 0 else 1, dim)


def einsum(equation: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """torch.einsum for the two-operand forms models use: "ij,jk->ik", "bij,bjk->bik",
    "bhqd,bhkd->bhqk" and "bhqk,bhkd->bhqd" (batched matmuls), else NotImplementedError."""
    if equation == "ij,jk->ik" or equation == "bij,bjk->bik" or equation == "bhqk,bhkd->bhqd":
        return a @ b
    elif equation == "bhqd,bhkd->bhqk" or equation == "bqd,bkd->bqk" or equation == "ik,jk->ij":
        return a @ np.swapaxes(b, -1, -2)
    else:
        raise NotImplementedError("pts.einsum: only batched matrix products are supported")


__all__ = ["tanh", "sigmoid", "relu", "exp", "log", "sqrt", "abs", "clamp", "where",
           "masked_fill", "matmul", "softmax", "log_softmax", "sum", "mean", "max", "min",
           "argmax", "argmin", "zeros", "ones", "full", "zeros_like", "ones_like", "arange",
           "tril", "triu", "reshape", "transpose", "permute", "unsqueeze", "squeeze",
           "flatten", "cat", "stack", "split", "chunk", "einsum"]
