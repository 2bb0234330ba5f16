"""Counter-based random numbers in the pts language: Philox4x32-10 (exposed as `pts.nn.random`).

Dropout in training mode needs random numbers that are the same bits eagerly (numpy),
on the IR interpreter, natively and from C.  A counter-based generator makes that easy:
the numbers are a pure function of (key, counter), so the code below — ordinary numpy on
int64 arrays — is the whole generator, compiled like any library function, and its state
is two small integers instead of a table.

Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11; the
Random123 library): a 128-bit counter (four 32-bit words) and a 64-bit key (two words) go
through 10 rounds of two 32x32->64-bit multiplications and xors; the key is bumped by the
Weyl constants between rounds.  `philox4x32` reproduces Random123's known-answer vectors
(tests/lang/test_random.py).  The subset has no unsigned integers: words are int64 values
in [0, 2**32).  A product of two words may exceed 2**63 and wrap, but its low 32 bits are
exact and so is `(p >> 32) & 0xFFFFFFFF` (an arithmetic shift of the wrapped value keeps the
high word's bits): the same bits in numpy (int64 arrays wrap silently) and in native code.

A generator is an int64 array `[seed, stream, offset]`, updated in place by each draw, so
that a compiled function can read and advance it (an argument, or a model's attribute,
borrowed natively):
- key = the seed's two 32-bit halves;
- counter of block j = (low, high word of offset + j, low, high word of stream);
- a draw of n words takes blocks offset .. offset + ceil(n/4) - 1, four words each, in
  order (word 4j + i is word i of block j), and advances offset by ceil(n/4).
Each `pts.nn.Dropout` owns a generator with a stream of its own (numbered in construction
order), so layers never share counters and a model's arrays never alias (an archive or a
train step can hold each one as it holds any buffer).  `manual_seed(s)` (what
`pts.manual_seed` calls) sets the seed of the default generator and of every generator
made by `generator()` without a seed (rewinding their offsets to 0, as torch's
manual_seed restarts its generator), and restarts the stream numbering.

Uniform floats from words: float32 = (w >> 8) * 2**-24 (24 bits), float64 =
((w0 >> 5) * 2**26 + (w1 >> 6)) * 2**-53 (53 bits from two words, as numpy's and
Random123's u01 conversions); both exact, in [0, 1).
"""
import weakref

import numpy as np

_M32 = 0xFFFFFFFF
_M64 = (1 << 64) - 1


def philox4x32(c0: np.ndarray, c1: np.ndarray, c2: np.ndarray, c3: np.ndarray, k0: int,
               k1: int):
    """Philox4x32-10 of counters (c0, c1, c2, c3) (int64 arrays of 32-bit words, one block
    per element) under the key (k0, k1): the four output words, arrays of their shape.
    (The rounds' arrays are materialized, as fusion makes kernels of one output: ~1 ns per
    word natively, unrolling the loop changes nothing.)"""
    for r in range(10):
        if r > 0:
            # the key schedule: Weyl sequence steps (golden ratio, sqrt(3) - 1)
            k0 = (k0 + 0x9E3779B9) & _M32
            k1 = (k1 + 0xBB67AE85) & _M32
        p0 = c0 * 0xD2511F53          # < 2**64: may wrap, the bits stay right (see above)
        p1 = c2 * 0xCD9E8D57
        # (c0, c1, c2, c3) <- (hi(p1) ^ c1 ^ k0, lo(p1), hi(p0) ^ c3 ^ k1, lo(p0))
        n0 = ((p1 >> 32) & _M32) ^ c1 ^ k0
        n2 = ((p0 >> 32) & _M32) ^ c3 ^ k1
        c1 = p1 & _M32
        c3 = p0 & _M32
        c0 = n0
        c2 = n2
    return c0, c1, c2, c3


def random_bits(generator: np.ndarray, n: int) -> np.ndarray:
    """n random 32-bit words (an int64 array (n,)) from `generator`, which advances."""
    if n < 0:
        raise ValueError("negative number of random words")
    blocks = (n + 3) // 4
    seed = int(generator[0])
    stream = int(generator[1])
    offset = int(generator[2])
    j = np.arange(blocks, dtype=np.int64) + offset
    s = np.zeros(blocks, dtype=np.int64)
    w0, w1, w2, w3 = philox4x32(j & _M32, (j >> 32) & _M32, s + (stream & _M32),
                                s + ((stream >> 32) & _M32), seed & _M32, (seed >> 32) & _M32)
    generator[2] = offset + blocks
    return np.stack((w0, w1, w2, w3), axis=1).reshape(blocks * 4)[:n]


def uniform(generator: np.ndarray, n: int) -> np.ndarray:
    """n float64 uniforms in [0, 1), 53 bits each (two words)."""
    w = random_bits(generator, 2 * n)
    hi = w[0::2] >> 5
    lo = w[1::2] >> 6
    return ((hi << 26) + lo).astype(np.float64) * (1.0 / 9007199254740992.0)


def uniform_float32(generator: np.ndarray, n: int) -> np.ndarray:
    """n float32 uniforms in [0, 1), 24 bits each (one word)."""
    w = random_bits(generator, n)
    return (w >> 8).astype(np.float32) * (1.0 / 16777216.0)


def uniform_like(generator: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Uniforms in [0, 1) of x's shape and float dtype (float32: 24 bits, else 53)."""
    if x.dtype == np.float32:
        return uniform_float32(generator, x.size).reshape(x.shape)
    else:
        return uniform(generator, x.size).reshape(x.shape)


# ---------------------------------------------------------------- generators (Python side)

def _as_int64(seed: int) -> int:
    """A seed as the int64 that holds its low 64 bits (torch takes seeds up to 2**64 - 1)."""
    seed = int(seed) & _M64
    return seed - (1 << 64) if seed >= 1 << 63 else seed


_SEED = _as_int64(int(np.random.SeedSequence().entropy))    # unseeded: like pts.nn's init
_DEFAULT = np.array([_SEED, 0, 0], dtype=np.int64)            # stream 0: eager F.dropout
_next_stream = 1
_seeded_by_manual_seed: list = []                              # weak references


def generator(seed: int | None = None) -> np.ndarray:
    """A new generator, on a stream of its own.  Without `seed` it follows manual_seed: it
    starts from the current seed and is reseeded (and rewound) by every later
    manual_seed."""
    global _next_stream
    stream = _next_stream
    _next_stream += 1
    state = np.array([_SEED if seed is None else _as_int64(seed), stream, 0], dtype=np.int64)
    if seed is None:
        _seeded_by_manual_seed.append(weakref.ref(state))
    return state


def default_generator() -> np.ndarray:
    """The generator of eager functional calls that are given none (stream 0)."""
    return _DEFAULT


class _Default:
    """`eager_default_generator()` is a bound method so that scripted code calling it gets
    a CompileError that names it: compiled code has no hidden global state, it is passed
    a generator (see nn.dropout)."""

    def eager_default_generator(self) -> np.ndarray:
        return _DEFAULT


eager_default_generator = _Default().eager_default_generator


def manual_seed(seed: int) -> None:
    """Reseed the default generator and every generator made without a seed, rewinding
    them, and restart the stream numbering (so a model built again gets the same streams)."""
    global _SEED, _next_stream
    _SEED = _as_int64(seed)
    _DEFAULT[0] = _SEED
    _DEFAULT[2] = 0
    _next_stream = 1
    alive = []
    for ref in _seeded_by_manual_seed:
        state = ref()
        if state is not None:
            state[0] = _SEED
            state[2] = 0
            alive.append(ref)
    _seeded_by_manual_seed[:] = alive
