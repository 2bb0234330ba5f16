# Refused: a `with` statement other than `with pts.no_grad():` (a context pts cannot run).
# call: f(1)
# error: 8: 'with' is not supported
import contextlib


def f(x: int) -> int:
    with contextlib.suppress(ValueError):
        x = x + 1
    return x
