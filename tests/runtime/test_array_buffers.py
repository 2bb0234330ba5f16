"""array.array arguments (issue 31 item 2): a 1-d numpy view of the array's memory (buffer
protocol, no copy) for the typecodes whose dtype pts compiles, so scripted writes are seen
in the caller's array.array; other typecodes are a TypeError naming the typecode.
Interpreted and natively."""
import array

import numpy as np
import pytest

import pts

BACKENDS = pytest.mark.parametrize("backend", ["native", "interp"])


def scale(u, k: float):
    for i in range(len(u)):
        u[i] = u[i] * k
    return u.sum()


def triple(u):
    for i in range(len(u)):
        u[i] = u[i] * 3               # an int item times a Python int: wraps in the dtype
    return u.sum()


def total(u) -> float:
    s = 0.0
    for x in u:
        s += float(x)
    return s


def masked_zero(u):
    u[u < 0] = 0
    return len(u)


@BACKENDS
@pytest.mark.parametrize("code", ["d", "f", "i", "l", "q"])
def test_writes_reach_the_callers_array(code, backend):
    a = array.array(code, [1, -2, 3])
    want = array.array(code, [1, -2, 3])
    r = pts.script(scale, backend=backend)(a, 2.0)
    scale(np.frombuffer(want, dtype=np.dtype(want.typecode if code != "l" else "q")), 2.0)
    assert a == want and a.tolist() == [2, -4, 6]
    assert r == 4


@BACKENDS
def test_reads_and_masks(backend):
    a = array.array("d", [1.5, -2.0, 3.0])
    assert pts.script(total, backend=backend)(a) == 2.5
    assert pts.script(masked_zero, backend=backend)(a) == 3
    assert a.tolist() == [1.5, 0.0, 3.0]


@BACKENDS
def test_empty_array(backend):
    assert pts.script(total, backend=backend)(array.array("d")) == 0.0


@BACKENDS
@pytest.mark.parametrize("code", ["b", "B", "h", "H", "I", "L", "Q"])
def test_small_and_unsigned_typecodes(code, backend):
    """int8 ... uint64 items: the view has the typecode's dtype, writes wrap in it."""
    a = array.array(code, [1, 2, 100])
    r = pts.script(triple, backend=backend)(a)
    want = np.array([1, 2, 100], dtype=np.dtype(code))
    triple(want)
    assert a.tolist() == want.tolist() == [3, 6, 44 if code in "bB" else 300]   # wraps
    assert r == sum(a.tolist()) and r.dtype == want.sum().dtype


@BACKENDS
@pytest.mark.parametrize("code", ["u"])
def test_other_typecodes_are_a_type_error(code, backend):
    a = array.array(code, "ab" if code == "u" else [1, 2])
    with pytest.raises(TypeError, match=f"array.array of typecode '{code}' is not supported"):
        pts.script(total, backend=backend)(a)
