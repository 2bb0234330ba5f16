"""The Philox4x32-10 generator (stdlib/random.py, pts.nn.random): known answers, the same bits
eagerly, on the IR interpreter and natively, and the generator-state contract.

The known-answer vectors are Random123's (kat_vectors, "philox4x32 10" lines: counter,
key, result).  numpy's own `np.random.Philox` is the 4x64 variant, so its bits are no
reference for these.
"""
import numpy as np
import pytest

import pts
import pts.nn as nn
import pts.nn.functional as F
from pts.stdlib import random as R

BACKENDS = ["eager", "interp", "native"]
M32 = 0xFFFFFFFF

KAT = [  # counter (4 words), key (2 words) -> output (4 words)
    ((0, 0, 0, 0), (0, 0), (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)),
    ((M32, M32, M32, M32), (M32, M32), (0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd)),
    ((0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344), (0xa4093822, 0x299f31d0),
     (0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1)),
]


def compiled(fn, backend):
    return fn if backend == "eager" else pts.script(fn, backend=backend)


def philox_blocks(c: np.ndarray, k0: int, k1: int) -> np.ndarray:
    """Philox of the blocks in the rows of c (B, 4): the outputs, (B, 4)."""
    r0, r1, r2, r3 = R.philox4x32(c[:, 0].copy(), c[:, 1].copy(), c[:, 2].copy(),
                                  c[:, 3].copy(), k0, k1)
    return np.stack((r0, r1, r2, r3), axis=1)


def reference_philox(ctr, key):
    """The published algorithm with Python ints (unbounded: no wrapping to reason about)."""
    c, k = [int(v) for v in ctr], [int(v) for v in key]
    for r in range(10):
        if r:
            k = [(k[0] + 0x9E3779B9) & M32, (k[1] + 0xBB67AE85) & M32]
        p0, p1 = 0xD2511F53 * c[0], 0xCD9E8D57 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k[0], p1 & M32, (p0 >> 32) ^ c[3] ^ k[1], p0 & M32]
    return c


@pytest.mark.parametrize("backend", BACKENDS)
def test_known_answer_vectors(backend):
    f = compiled(philox_blocks, backend)
    for ctr, key, want in KAT:
        got = f(np.array([ctr], np.int64), key[0], key[1])
        assert got.dtype == np.int64 and [int(v) for v in got[0]] == list(want)
    # many blocks at once, against the Python-int reference (words near 2**32 included)
    rng = np.random.default_rng(0)
    c = rng.integers(0, 1 << 32, size=(37, 4), dtype=np.int64)
    c[0] = M32
    key = (0xDEADBEEF, 0xFFFFFFFE)
    got = f(c, *key)
    assert [[int(v) for v in row] for row in got] == [reference_philox(row, key) for row in c]


def bits(g: np.ndarray, n: int) -> np.ndarray:
    return R.random_bits(g, n)


def uniforms(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    return R.uniform_like(g, x)


@pytest.mark.parametrize("backend", BACKENDS)
def test_stream_layout_and_state(backend):
    """Word 4j + i of a draw is word i of block offset + j, counter (offset + j, stream),
    key = the seed's halves; the offset advances by whole blocks."""
    seed, stream, offset = -(1 << 40) - 12345, (1 << 33) + 7, (1 << 32) - 2
    g = np.array([seed, stream, offset], np.int64)
    got = compiled(bits, backend)(g, 10)
    assert got.dtype == np.int64 and got.shape == (10,)
    assert list(g) == [seed, stream, offset + 3]
    key = (seed & M32, (seed >> 32) & M32)
    want = []
    for j in range(3):
        ctr = offset + j
        want += reference_philox((ctr & M32, ctr >> 32, stream & M32, stream >> 32), key)
    assert [int(v) for v in got] == want[:10]
    assert list(compiled(bits, backend)(g, 0)) == [] and g[2] == offset + 3


def test_the_same_bits_three_ways():
    for x in (np.zeros((3, 7), np.float32), np.zeros(11), np.zeros((2, 2, 3), np.float32)):
        results = []
        for backend in BACKENDS:
            g = np.array([42, 3, 5], np.int64)
            f = compiled(uniforms, backend)
            results.append((f(g, x), f(g, x), g.copy()))
        for a, b, g in results:
            assert a.dtype == x.dtype and a.shape == x.shape
            assert not np.array_equal(a, b)               # the state advanced
            for got, want in zip((a, b, g), results[0]):
                np.testing.assert_array_equal(got, want)


def test_uniform_conversions():
    """float32: (w >> 8) * 2**-24; float64: ((w0 >> 5) * 2**26 + (w1 >> 6)) * 2**-53."""
    g = np.array([9, 1, 0], np.int64)
    w = R.random_bits(g.copy(), 8)
    u32 = R.uniform_float32(g.copy(), 8)
    np.testing.assert_array_equal(u32, (w >> 8).astype(np.float32) / np.float32(2 ** 24))
    u64 = R.uniform(g.copy(), 4)
    want = [((int(w[2 * i]) >> 5) * 2 ** 26 + (int(w[2 * i + 1]) >> 6)) / 2 ** 53 for i in range(4)]
    assert list(u64) == want
    big = R.uniform(np.array([1, 2, 0], np.int64), 100_000)
    assert 0.0 <= big.min() and big.max() < 1.0 and abs(big.mean() - 0.5) < 0.005
    assert abs(big.var() - 1 / 12) < 0.002


def test_manual_seed_reseeds_and_rewinds_generators():
    pts.manual_seed(7)
    d1, d2 = nn.Dropout(0.5), nn.Dropout(0.5)
    assert d1.generator[0] == d2.generator[0] and d1.generator[1] != d2.generator[1]
    own = R.generator(seed=123)
    x = np.ones((4, 8), np.float32)
    first = (d1(x), d2(x))
    assert not np.array_equal(first[0], first[1])       # streams of their own
    assert d1.generator[2] > 0
    pts.manual_seed(7)                                   # rewinds the existing layers
    assert d1.generator[2] == 0
    np.testing.assert_array_equal(d1(x), first[0])
    np.testing.assert_array_equal(d2(x), first[1])
    assert own[0] == 123                                 # an explicit seed is left alone
    pts.manual_seed(7)
    again = nn.Dropout(0.5)                              # stream numbering restarts too
    assert list(again.generator) == [7, 1, 0]
    pts.manual_seed(2 ** 64 - 1)                         # torch's range: kept as its low 64 bits
    assert R.default_generator()[0] == -1


def test_eager_default_generator_and_compiled_code():
    pts.manual_seed(3)
    x = np.ones(1000)
    a = F.dropout(x, 0.5)                                # eager, training=True by default
    assert set(np.unique(a)) == {0.0, 2.0}
    pts.manual_seed(3)
    np.testing.assert_array_equal(F.dropout(x, 0.5), a)

    def no_generator(x: np.ndarray) -> np.ndarray:
        return F.dropout(x, 0.5)

    with pytest.raises(pts.CompileError, match="(?s)cannot call .*eager_default_generator.*pass generator="):
        pts.script(no_generator, backend="interp")(x)
