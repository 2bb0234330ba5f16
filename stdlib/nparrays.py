"""numpy's array functions that are short in terms of the ops pts has: np.tril, np.triu,
np.pad (constant mode), np.split, np.array_split, np.flip, np.roll, np.repeat, np.tile,
np.nonzero, np.argwhere, np.outer.

Written in the pts tensor subset and compiled by the ordinary pipeline, called where the
user calls the numpy function (frontend/check_arrays.py binds the call and normalizes its
arguments: pad_width forms, axis); run as plain Python on arrays they are numpy's results.
An `axis` parameter is a compile-time constant of the specialization (used as swapaxes's
axis), so one axis costs no run-time branch.  Errors are numpy's, with numpy's messages,
raised at the user's call.

Contract: each function's result equals the numpy function's (values, dtype, shape) for the
argument forms check_arrays accepts; np.roll, np.flip and np.split return views or copies
where numpy does only as far as values go (writes through a result of np.flip reach x, as
numpy's view does; np.roll copies, as numpy).
"""
from typing import List

import numpy as np


def tril(m, k):
    n = m.shape[-2]
    rows = np.arange(n).reshape(n, 1)
    return np.where(np.arange(m.shape[-1]) - rows <= k, m, np.zeros_like(m))


def triu(m, k):
    n = m.shape[-2]
    rows = np.arange(n).reshape(n, 1)
    return np.where(np.arange(m.shape[-1]) - rows >= k, m, np.zeros_like(m))


def _pad_widths_ok(b: int, a: int):
    if b < 0 or a < 0:
        raise ValueError("index can't contain negative values")


def pad1(x, b0: int, a0: int, value):
    _pad_widths_ok(b0, a0)
    n0 = x.shape[0]
    out = np.full((b0 + n0 + a0,), value, dtype=x.dtype)
    out[b0:b0 + n0] = x
    return out


def pad2(x, b0: int, a0: int, b1: int, a1: int, value):
    _pad_widths_ok(b0, a0)
    _pad_widths_ok(b1, a1)
    n0, n1 = x.shape
    out = np.full((b0 + n0 + a0, b1 + n1 + a1), value, dtype=x.dtype)
    out[b0:b0 + n0, b1:b1 + n1] = x
    return out


def pad3(x, b0: int, a0: int, b1: int, a1: int, b2: int, a2: int, value):
    _pad_widths_ok(b0, a0)
    _pad_widths_ok(b1, a1)
    _pad_widths_ok(b2, a2)
    n0, n1, n2 = x.shape
    out = np.full((b0 + n0 + a0, b1 + n1 + a1, b2 + n2 + a2), value, dtype=x.dtype)
    out[b0:b0 + n0, b1:b1 + n1, b2:b2 + n2] = x
    return out


def pad4(x, b0: int, a0: int, b1: int, a1: int, b2: int, a2: int, b3: int, a3: int, value):
    _pad_widths_ok(b0, a0)
    _pad_widths_ok(b1, a1)
    _pad_widths_ok(b2, a2)
    _pad_widths_ok(b3, a3)
    n0, n1, n2, n3 = x.shape
    out = np.full((b0 + n0 + a0, b1 + n1 + a1, b2 + n2 + a2, b3 + n3 + a3), value,
                  dtype=x.dtype)
    out[b0:b0 + n0, b1:b1 + n1, b2:b2 + n2, b3:b3 + n3] = x
    return out


def array_split(x, sections: int, axis):
    if sections <= 0:
        raise ValueError("number sections must be larger than 0.")
    y = np.swapaxes(x, 0, axis)
    total = y.shape[0]
    each = total // sections
    extra = total % sections
    out = [np.swapaxes(y[0:each + (1 if extra > 0 else 0)], 0, axis)]
    start = each + (1 if extra > 0 else 0)
    for i in range(1, sections):
        size = each + (1 if i < extra else 0)
        out.append(np.swapaxes(y[start:start + size], 0, axis))
        start += size
    return out


def split(x, sections: int, axis):
    y = np.swapaxes(x, 0, axis)
    if y.shape[0] % sections != 0:          # (sections == 0: ZeroDivisionError, as numpy)
        raise ValueError("array split does not result in an equal division")
    return array_split(x, sections, axis)


def split_at(x, indices: List[int], axis):
    y = np.swapaxes(x, 0, axis)
    bounds = [0] + indices + [y.shape[0]]
    out = [np.swapaxes(y[bounds[0]:bounds[1]], 0, axis)]
    for k in range(1, len(bounds) - 2):
        out.append(np.swapaxes(y[bounds[k]:bounds[k + 1]], 0, axis))
    if len(bounds) > 2:                     # the last piece runs to the end, as y[i:]
        out.append(np.swapaxes(y[bounds[len(bounds) - 2]:], 0, axis))
    return out


def flip_axis(x, axis):
    return np.swapaxes(np.swapaxes(x, 0, axis)[::-1], 0, axis)


def flip_all(x):
    return x.ravel()[::-1].reshape(x.shape)


def roll_flat(x, shift: int):
    flat = x.ravel()
    n = flat.shape[0]
    if n == 0:
        return x.copy()
    s = shift % n
    return np.concatenate((flat[n - s:], flat[:n - s])).reshape(x.shape)


def roll_axis(x, shift: int, axis):
    y = np.swapaxes(x, 0, axis)
    n = y.shape[0]
    if n == 0:
        return x.copy()
    s = shift % n
    return np.swapaxes(np.concatenate((y[n - s:], y[:n - s])), 0, axis)


def repeat_flat(x, repeats: int):
    if repeats < 0:
        raise ValueError("negative dimensions are not allowed")
    flat = x.ravel()
    return flat[np.arange(flat.shape[0] * repeats) // repeats] if repeats > 0 else flat[0:0]


def repeat_axis(x, repeats: int, axis):
    if repeats < 0:
        raise ValueError("negative dimensions are not allowed")
    y = np.swapaxes(x, 0, axis)
    if repeats == 0:
        return np.swapaxes(y[0:0], 0, axis).copy()
    return np.swapaxes(y[np.arange(y.shape[0] * repeats) // repeats], 0, axis)


def tile1(x, reps: int):
    # np.tile(x, reps) with an int: x repeated along its last axis
    y = np.swapaxes(x, 0, -1)
    n = y.shape[0]
    if reps <= 0 or n == 0:
        return np.swapaxes(y[0:0], 0, -1).copy()
    return np.swapaxes(y[np.arange(n * reps) % n], 0, -1)


def nonzero1(x):
    return (np.arange(x.shape[0])[x != 0],)


def nonzero2(x):
    n0, n1 = x.shape
    m = x != 0
    rows = np.arange(n0).reshape(n0, 1) + np.zeros((1, n1), dtype=np.int64)
    cols = np.arange(n1) + np.zeros((n0, 1), dtype=np.int64)
    return (rows[m], cols[m])


def argwhere1(x):
    return nonzero1(x)[0].reshape(-1, 1)


def argwhere2(x):
    rows, cols = nonzero2(x)
    return np.stack((rows, cols), axis=1)


def outer(a, b):
    """a.ravel()[:, None] * b.ravel()[None, :] (numpy's own definition)."""
    return np.ravel(a)[:, np.newaxis] * np.ravel(b)[np.newaxis, :]
