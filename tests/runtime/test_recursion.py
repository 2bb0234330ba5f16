"""Unbounded recursion raises RecursionError natively and interpreted, never a crash."""
import threading

import pytest

import pts


def depth(n: int) -> int:
    if n == 0:
        return 0
    return depth(n - 1) + 1


def ping(n: int) -> int:
    if n == 0:
        return 0
    return pong(n - 1) + 1


def pong(n: int) -> int:
    return ping(n)


@pytest.mark.parametrize("backend", ["native", "interp"])
@pytest.mark.parametrize("fn", [depth, ping])
def test_unbounded_recursion_raises(fn, backend):
    f = pts.script(fn, backend=backend)
    assert f(300) == 300
    with pytest.raises(RecursionError):
        f(10 ** 8)
    assert f(10) == 10          # still usable afterwards


def test_recursion_error_in_a_thread():
    f = pts.script(depth)
    f(1)
    seen = []

    def run():
        try:
            f(10 ** 8)
        except RecursionError as e:
            seen.append(e)

    t = threading.Thread(target=run)
    t.start()
    t.join()
    assert len(seen) == 1
