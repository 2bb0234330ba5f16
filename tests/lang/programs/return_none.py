"""Functions that return None: no return, bare return, return None, -> None."""
from typing import List


def nothing(n: int) -> None:
    if n > 0:
        return
    print("non-positive")


def explicit(n: int):
    if n == 1:
        return None
    print("not one")
    return None


def falls_off(xs: List[int]):
    xs.append(len(xs))


def caller(n: int) -> int:
    xs = [1]
    falls_off(xs)
    falls_off(xs)
    nothing(n)
    explicit(n)
    return len(xs) + xs[-1]


# run: nothing(5)
# run: nothing(-5)
# run: explicit(1)
# run: explicit(2)
# run: caller(0)
