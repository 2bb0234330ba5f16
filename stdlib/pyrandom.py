"""CPython's `random` module written in the pts language: scripted code's `random.seed`,
`random.random`, `getrandbits`, `randrange`, `randint`, `choice`, `shuffle`, `uniform`, `gauss`, `normalvariate` and `expovariate`
(the module-level functions, bound methods of the module's hidden `Random` instance)
compile to these (frontend.objects.python_function maps them here).

Contract: the same numbers as CPython 3.11 from the same state, and CPython's errors: a
Mersenne Twister MT19937 (Modules/_randommodule.c: `init_genrand`, `init_by_array`,
`genrand_uint32`) and Lib/random.py's steps above it (`_randbelow_with_getrandbits`,
randrange's argument checks and messages).  The generator *is* CPython's: its state lives in
`_state` (the 624 words, then the index: what `random.getstate()[1]` holds) and `_gauss_next` (gauss's second value, getstate()[2]), a module-level
list that scripted code shares with this module (frontend.shared_globals); `__pts_sync__`
tells the boundary to load it from `random.getstate()` before each call of code that draws
and to store it back with `random.setstate` after the call (also when the call raises, as
CPython's generator has advanced by then).  So Python and scripted code draw from one
stream: `random.seed(1)` in Python, then a scripted draw, gives CPython's number.

Words are ints in [0, 2**32): every product below fits in 64 bits (a 32-bit word times a
constant under 2**31), so 64-bit wrapping never shows.  Differences, documented in
docs/language.md: `seed` takes ints (not None, floats, str or bytes); `getrandbits(k)` and
ranges stop at 63 bits; `sample` and the other distributions are not here.
The math functions are CPython's libm calls (docs/language.md, `math`), so gauss's numbers are
CPython's bit for bit too.
"""
from __future__ import annotations

import math
from typing import List, Optional

_N = 624
_M = 397

_state: List[int] = [0] * 625
_gauss_next: List[float] = [0.0, 0.0]    # [1.0 if gauss() keeps a second value, the value]


def _load_state() -> List[int]:
    import random as _py_random
    _state[:] = _py_random.getstate()[1]
    return _state


def _store_state() -> None:
    import random as _py_random
    version, _, gauss_next = _py_random.getstate()
    _py_random.setstate((version, tuple(_state), gauss_next))


def _load_gauss() -> List[float]:
    import random as _py_random
    z = _py_random.getstate()[2]
    _gauss_next[:] = [0.0, 0.0] if z is None else [1.0, z]
    return _gauss_next


def _store_gauss() -> None:
    import random as _py_random
    version, words, _ = _py_random.getstate()
    _py_random.setstate((version, words, _gauss_next[1] if _gauss_next[0] else None))


# the boundary's hooks (frontend.shared_globals.SharedLocation): each store keeps the other
# part of CPython's state as it is then, so their order does not matter
__pts_sync__ = {"_state": (_load_state, _store_state), "_gauss_next": (_load_gauss, _store_gauss)}


def _init_genrand(mt: List[int], s: int) -> None:
    mt[0] = s & 0xFFFFFFFF
    for i in range(1, _N):
        prev = mt[i - 1]
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
    mt[_N] = _N


def seed(a: int) -> None:
    """CPython's seed of an int: init_by_array of |a|'s 32-bit words, low word first."""
    mt = _state
    n = -a if a < 0 else a
    key: List[int] = [n & 0xFFFFFFFF]
    n >>= 32
    while n > 0:
        key.append(n & 0xFFFFFFFF)
        n >>= 32
    _init_genrand(mt, 19650218)
    i = 1
    j = 0
    k = _N if _N > len(key) else len(key)
    while k > 0:
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= len(key):
            j = 0
        k -= 1
    k = _N - 1
    while k > 0:
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        k -= 1
    mt[0] = 0x80000000
    _gauss_next[0] = 0.0                    # Random.seed: gauss_next = None


def _twist(mt: List[int]) -> None:
    """The next 624 words, in place (genrand_uint32's refill)."""
    for kk in range(_N):
        y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % _N] & 0x7FFFFFFF)
        v = mt[(kk + _M) % _N] ^ (y >> 1)
        if y & 1:
            v ^= 0x9908B0DF
        mt[kk] = v
    mt[_N] = 0


def _genrand_uint32() -> int:
    mt = _state
    if mt[_N] >= _N:
        _twist(mt)
    y = mt[mt[_N]]
    mt[_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


def random() -> float:
    """A float in [0, 1) from 53 random bits (random_random: 27 + 26 bits)."""
    a = _genrand_uint32() >> 5
    b = _genrand_uint32() >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


def getrandbits(k: int) -> int:
    if k < 0:
        raise ValueError("number of bits must be non-negative")
    if k > 63:
        raise OverflowError("pts ints are 64 bits: getrandbits() takes at most 63 bits")
    if k == 0:
        return 0
    if k <= 32:
        return _genrand_uint32() >> (32 - k)
    low = _genrand_uint32()                 # the low word first, as CPython fills them
    return low | ((_genrand_uint32() >> (64 - k)) << 32)


def _bit_length(n: int) -> int:
    bits = 0
    while n > 0:
        n >>= 1
        bits += 1
    return bits


def _randbelow(n: int) -> int:
    k = _bit_length(n)
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def randrange(start: int, stop: Optional[int] = None, step: int = 1) -> int:
    if stop is None:
        if step != 1:
            raise TypeError("Missing a non-None stop argument")
        if start > 0:
            return _randbelow(start)
        raise ValueError("empty range for randrange()")
    width = stop - start
    if step == 1:
        if width > 0:
            return start + _randbelow(width)
        raise ValueError("empty range for randrange() (%d, %d, %d)" % (start, stop, width))
    if step > 0:
        n = (width + step - 1) // step
    elif step < 0:
        n = (width + step + 1) // step
    else:
        raise ValueError("zero step for randrange()")
    if n <= 0:
        raise ValueError("empty range for randrange()")
    return start + step * _randbelow(n)


def randint(a: int, b: int) -> int:
    return randrange(a, b + 1)


def choice(seq):
    if not len(seq):
        raise IndexError("Cannot choose from an empty sequence")
    return seq[_randbelow(len(seq))]


def shuffle(x) -> None:
    for i in range(len(x) - 1, 0, -1):
        j = _randbelow(i + 1)
        x[i], x[j] = x[j], x[i]


def uniform(a: float, b: float) -> float:
    return a + (b - a) * random()


_NV_MAGICCONST = 4 * math.exp(-0.5) / math.sqrt(2.0)
_TWOPI = math.tau


def normalvariate(mu: float = 0.0, sigma: float = 1.0) -> float:
    """Kinderman and Monahan's ratio method, as Lib/random.py."""
    while True:
        u1 = random()
        u2 = 1.0 - random()
        z = _NV_MAGICCONST * (u1 - 0.5) / u2
        zz = z * z / 4.0
        if zz <= -math.log(u2):
            break
    return mu + z * sigma


def gauss(mu: float = 0.0, sigma: float = 1.0) -> float:
    """Box-Muller; the second value is kept for the next call (CPython's gauss_next)."""
    if _gauss_next[0]:
        z = _gauss_next[1]
        _gauss_next[0] = 0.0
    else:
        x2pi = random() * _TWOPI
        g2rad = math.sqrt(-2.0 * math.log(1.0 - random()))
        z = math.cos(x2pi) * g2rad
        _gauss_next[0] = 1.0
        _gauss_next[1] = math.sin(x2pi) * g2rad
    return mu + z * sigma


def expovariate(lambd: float) -> float:
    return -math.log(1.0 - random()) / lambd
