"""Compiled code calls glibc's math functions through their errno-free entries
(runtime.native.libm_address): the values must be libm's own, bit for bit, on every input."""
import ctypes
import math
import random
import struct

import pytest

from pts.backend.abi import IMPORT_MATH
from pts.runtime import native

import pts

SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, math.pi, -math.pi, 1e-300, -1e-300,
           5e-324, -5e-324, 2.2250738585072014e-308, 1e300, -1e300, 709.78, 709.79, -745.2,
           -745.13, 710.5, 1.7976931348623157e308, -1.7976931348623157e308, math.inf,
           -math.inf, math.nan, 1e22, 2.0 ** 60, -(2.0 ** 60)]


def sweep(n: int = 3000) -> list:
    rng = random.Random(1)
    xs = list(SPECIAL)
    for _ in range(n):
        x = 10.0 ** rng.uniform(-320, 308) if rng.random() < 0.3 else rng.uniform(-40, 40)
        xs.append(-x if rng.random() < 0.5 else x)
    return xs


def same(a: float, b: float) -> bool:
    """Equal bits; any NaN equals any NaN (NaNs come only from domain errors, which raise)."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return struct.pack("<d", a) == struct.pack("<d", b)


def c_function(address: int, nargs: int):
    return ctypes.CFUNCTYPE(ctypes.c_double, *[ctypes.c_double] * nargs)(address)


@pytest.mark.parametrize("name", sorted(IMPORT_MATH))
def test_entry_computes_libm_values(name):
    nargs = IMPORT_MATH[name]
    fast = c_function(native.libm_address(name), nargs)
    plain = getattr(native._libm, name)
    plain.restype, plain.argtypes = ctypes.c_double, [ctypes.c_double] * nargs
    xs = sweep()
    ys = xs[len(xs) // 2:] + xs[:len(xs) // 2]
    for x, y in zip(xs, ys):
        args = (x, y)[:nargs]
        assert same(fast(*args), plain(*args)), (name, args)


def test_exp_skips_the_wrapper_on_glibc():
    if getattr(native._libc, "dlvsym", None) is None:
        pytest.skip("not glibc")
    plain = ctypes.cast(native._libm.exp, ctypes.c_void_p).value
    assert native.libm_address("exp") != plain
    assert native._IMPORT_ADDRS["exp"] == native.libm_address("exp")


def math_mix(x: float, y: float) -> float:
    return (math.exp(x) + math.log(abs(x) + 1.0) + math.pow(abs(x), 0.3) + x % 1.7
            + math.hypot(x, y) + math.atan2(y, x) + math.cosh(x / 40.0) + math.log10(abs(y) + 2.0))


def test_scripted_math_equals_cpython():
    f = pts.script(math_mix)
    rng = random.Random(2)
    for _ in range(500):
        x, y = rng.uniform(-30, 30), rng.uniform(-1e3, 1e3)
        assert same(f(x, y), math_mix(x, y)), (x, y)
    with pytest.raises(OverflowError):
        f(800.0, 1.0)
