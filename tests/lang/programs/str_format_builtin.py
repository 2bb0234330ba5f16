"""format(x, spec) and format(x); errors for bad specs are ValueError as in CPython."""
from typing import List


def fmts(n: int, x: float, s: str) -> List[str]:
    return [format(n), format(x), format(s), format(n, "08b"), format(x, ".2e"),
            format(s, ">5"), format(True, "^7")]


def bad_code(x: float) -> str:
    return format(x, "d")


def bad_spec(n: int) -> str:
    return f"{n:q}"


def str_int_code(s: str) -> str:
    return f"{s:d}"


# run: fmts(10, 2.5, "ab")
# run: bad_code(1.5)
# run: bad_spec(3)
# run: str_int_code("x")
