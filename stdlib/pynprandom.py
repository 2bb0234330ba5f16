"""numpy's global random generator written in the pts language: scripted code's
`np.random.seed`, `rand`, `random_sample` (`random`, `sample`, `ranf`), `randn`,
`standard_normal`, `normal`, `uniform`, `randint`, `shuffle`, `permutation` and `choice`
compile to these (frontend.objects.python_function maps the methods of numpy's hidden
`RandomState` here; frontend.check.module_function resolves `np.random.X`).

Contract: numpy's legacy `RandomState` numbers from the same state, bit for bit, and its
errors: a Mersenne Twister MT19937 (numpy/random/src/mt19937: `mt19937_seed`,
`mt19937_gen`), legacy doubles from 53 bits (`legacy_double`), the polar Box-Muller
`legacy_gauss` with its kept second value, integers by masked rejection
(`random_bounded_uint64_fill` with `use_masked`, `random_interval` for shuffles), in C
order.  The generator *is* numpy's: its state lives in `_state` (the 624 key words, then
the position) and `_gauss` ([1.0 if a value is kept, the value]), module-level lists shared
with scripted code (frontend.shared_globals) that `__pts_sync__` loads from
`np.random.get_state()` before each call that draws and stores back with `set_state` after
it (also when it raises).  So `np.random.seed(1)` in Python, then a scripted
`np.random.rand(3)`, gives numpy's numbers.

Words are ints in [0, 2**32); every product fits in 64 bits.  Differences, documented in
docs/language.md: `seed` takes an int (not None or an array); integer bounds and sizes are
64-bit; `choice` takes no `p=`; `randint`'s dtype is int64; arrays are float64 (`rand`,
`randn`...) as numpy's.
"""
from __future__ import annotations

import math
from typing import List

import numpy as np

from pts.stdlib.pyrandom import mt_next

_N = 624

_state: List[int] = [0] * 625
_gauss: List[float] = [0.0, 0.0]


def _load_state() -> List[int]:
    _, keys, pos, _, _ = np.random.get_state()
    _state[:] = [int(k) for k in keys] + [int(pos)]
    return _state


def _store_state() -> None:
    name, _, _, has_gauss, gauss = np.random.get_state()
    keys = np.array(_state[:_N], dtype=np.uint32)
    np.random.set_state((name, keys, _state[_N], has_gauss, gauss))


def _load_gauss() -> List[float]:
    _, _, _, has_gauss, gauss = np.random.get_state()
    _gauss[:] = [float(has_gauss), float(gauss)]
    return _gauss


def _store_gauss() -> None:
    name, keys, pos, _, _ = np.random.get_state()
    np.random.set_state((name, keys, pos, int(_gauss[0]), _gauss[1]))


# the boundary's hooks (frontend.shared_globals.SharedLocation): each store keeps the other
# part of numpy's state as it is then, so their order does not matter
__pts_sync__ = {"_state": (_load_state, _store_state), "_gauss": (_load_gauss, _store_gauss)}


def seed(seed: int) -> None:
    """mt19937_seed: init_genrand of the 32-bit seed (legacy seeding of an int)."""
    if seed < 0 or seed > 0xFFFFFFFF:
        raise ValueError("Seed must be between 0 and 2**32 - 1")
    mt = _state
    s = seed
    for pos in range(_N):
        mt[pos] = s
        s = (1812433253 * (s ^ (s >> 30)) + pos + 1) & 0xFFFFFFFF
    mt[_N] = _N
    _gauss[0] = 0.0
    _gauss[1] = 0.0


def _next32() -> int:
    return mt_next(_state)                  # (the twister is CPython's: stdlib/pyrandom.py)


def _double() -> float:
    a = _next32() >> 5
    b = _next32() >> 6
    return (a * 67108864.0 + b) / 9007199254740992.0


def _gauss_one() -> float:
    """legacy_gauss: the polar method; the second value is kept for the next call."""
    if _gauss[0]:
        _gauss[0] = 0.0
        tmp = _gauss[1]
        _gauss[1] = 0.0
        return tmp
    x1 = 2.0 * _double() - 1.0
    x2 = 2.0 * _double() - 1.0
    r2 = x1 * x1 + x2 * x2
    while r2 >= 1.0 or r2 == 0.0:
        x1 = 2.0 * _double() - 1.0
        x2 = 2.0 * _double() - 1.0
        r2 = x1 * x1 + x2 * x2
    f = math.sqrt(-2.0 * math.log(r2) / r2)
    _gauss[1] = f * x1
    _gauss[0] = 1.0
    return f * x2


def _mask(rng: int) -> int:
    m = rng
    m |= m >> 1
    m |= m >> 2
    m |= m >> 4
    m |= m >> 8
    m |= m >> 16
    m |= m >> 32
    return m


def _bounded(rng: int, mask: int) -> int:
    """A value in [0, rng] by masked rejection (rng > 0), from one word while rng fits
    in 32 bits, else from two (the first is the high word: mt19937_next64)."""
    if rng <= 0xFFFFFFFF:
        if rng == 0xFFFFFFFF:
            return _next32()
        v = _next32() & mask
        while v > rng:
            v = _next32() & mask
        return v
    hi = _next32()
    v = ((hi << 32) | _next32()) & mask
    while v > rng:
        hi = _next32()
        v = ((hi << 32) | _next32()) & mask
    return v


def random_sample(size=None):
    if size is None:
        return _double()
    out = np.empty(size)
    flat = out.reshape(-1)
    for i in range(flat.shape[0]):
        flat[i] = _double()
    return out


def random(size=None):
    return random_sample(size)


def sample(size=None):
    return random_sample(size)


def ranf(size=None):
    return random_sample(size)


def rand(*dims):
    if len(dims) == 0:
        return _double()
    return random_sample(dims)


def standard_normal(size=None):
    if size is None:
        return _gauss_one()
    out = np.empty(size)
    flat = out.reshape(-1)
    for i in range(flat.shape[0]):
        flat[i] = _gauss_one()
    return out


def randn(*dims):
    if len(dims) == 0:
        return _gauss_one()
    return standard_normal(dims)


def normal(loc: float = 0.0, scale: float = 1.0, size=None):
    if scale < 0:
        raise ValueError("scale < 0")
    if size is None:
        return loc + scale * _gauss_one()
    return loc + scale * standard_normal(size)      # (the same two operations per item)


def uniform(low: float = 0.0, high: float = 1.0, size=None):
    span = high - low
    if not math.isfinite(span):
        raise OverflowError("Range exceeds valid bounds")
    if size is None:
        return low + span * _double()
    return low + span * random_sample(size)


def randint(low: int, high=None, size=None):
    if high is None:
        lo = 0
        hi = low
        if lo >= hi:
            raise ValueError("high <= 0")
    else:
        lo = low
        hi = high
        if lo >= hi:
            raise ValueError("low >= high")
    rng = hi - 1 - lo
    mask = _mask(rng)
    if size is None:
        return lo if rng == 0 else lo + _bounded(rng, mask)
    out = np.empty(size, dtype=np.int64)
    flat = out.reshape(-1)
    for i in range(flat.shape[0]):
        flat[i] = lo if rng == 0 else lo + _bounded(rng, mask)
    return out


def _interval(mx: int) -> int:
    """random_interval: a value in [0, mx] by masked rejection (the same draws as
    _bounded's: with mx = 2**32 - 1 the mask keeps every word)."""
    if mx == 0:
        return 0
    return _bounded(mx, _mask(mx))


def shuffle(x) -> None:
    """In place, along the first axis (rows of a 2-D array are swapped whole)."""
    n = len(x)
    for i in range(n - 1, 0, -1):
        j = _interval(i)
        if isinstance(x, list):
            x[i], x[j] = x[j], x[i]
        elif x.ndim == 1:
            x[i], x[j] = x[j], x[i]
        else:
            row = x[i].copy()
            x[i] = x[j]
            x[j] = row


def permutation(x):
    if isinstance(x, int):
        arr = np.arange(x)
        shuffle(arr)
        return arr
    arr = x.copy()
    shuffle(arr)
    return arr


def choice(a, size=None, replace: bool = True):
    if isinstance(a, int):
        n = a
    else:
        n = len(a)
    if n <= 0:
        raise ValueError("a must be greater than 0 unless no samples are taken")
    if replace:
        idx = randint(0, n, size)
    else:
        idx = permutation(n)[:size]
    if isinstance(a, int):
        return idx
    return a[idx]
