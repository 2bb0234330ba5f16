# Refused: a `with` over a context manager of the standard library (pts compiles user classes' only).
# call: f(1)
# error: 8: cannot call 'contextlib.suppress': not a function pts can compile
import contextlib


def f(x: int) -> int:
    with contextlib.suppress(ValueError):
        x = x + 1
    return x
