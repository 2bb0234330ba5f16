"""Scripted code draws from CPython's own `random` generator (stdlib/pyrandom.py): seeding
in Python then drawing in scripted code, or the reverse, gives the numbers one CPython
stream gives; gauss's kept second value crosses too; a call that raises after drawing has
advanced the stream as CPython's would have."""
import random

import pytest

import pts


def draw() -> float:
    return random.random()


def draw_gauss() -> float:
    return random.gauss(0.0, 1.0)


def draw_then_fail(n: int) -> float:
    x = random.random()
    if n > 0:
        raise ValueError("too many")
    return x


def seed_in_scripted(s: int) -> None:
    random.seed(s)


@pytest.fixture(params=["interp", "native"])
def backend(request):
    return request.param


def test_python_seed_then_scripted_draws(backend):
    f = pts.script(draw, backend=backend)
    random.seed(3)
    want = [random.random() for _ in range(4)]
    random.seed(3)
    got = [f(), random.random(), f(), random.random()]
    assert got == want


def test_scripted_seed_reaches_python(backend):
    f = pts.script(seed_in_scripted, backend=backend)
    random.seed(41)
    want = [random.random(), random.randrange(1000)]
    random.seed(0)
    f(41)
    assert [random.random(), random.randrange(1000)] == want


def test_gauss_second_value_crosses(backend):
    g = pts.script(draw_gauss, backend=backend)
    random.seed(5)
    want = [random.gauss(0.0, 1.0) for _ in range(4)]
    random.seed(5)
    got = [random.gauss(0.0, 1.0), g(), g(), random.gauss(0.0, 1.0)]
    assert got == want


def test_failed_call_advanced_the_stream(backend):
    f = pts.script(draw_then_fail, backend=backend)
    random.seed(9)
    random.random()
    want = random.random()
    random.seed(9)
    with pytest.raises(ValueError, match="too many"):
        f(1)
    assert random.random() == want
