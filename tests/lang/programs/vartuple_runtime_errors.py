"""Run-time errors on Tuple[T, ...] with CPython's types and messages: indexes out of
range, unpacking, index() of a missing item, a zero slice step, `%` with the wrong count,
min() of an empty tuple."""
from typing import List


def at(xs: List[int], i: int) -> int:
    return tuple(xs)[i]


def unpack3(xs: List[int]) -> int:
    a, b, c = tuple(xs)
    return a + b + c


def where(xs: List[str], s: str) -> int:
    return tuple(xs).index(s)


def step(xs: List[int], k: int) -> str:
    return f"{tuple(xs)[::k]}"


def fmt(xs: List[int]) -> str:
    return "<%d:%d>" % tuple(xs)


def smallest(xs: List[int]) -> int:
    return min(tuple(xs))


# run: at([1, 2], 1)
# run: at([1, 2], 2)
# run: at([1, 2], -3)
# run: at([], 0)
# run: unpack3([1, 2, 3])
# run: unpack3([1, 2])
# run: unpack3([1, 2, 3, 4])
# run: where(["a", "b"], "b")
# run: where(["a", "b"], "c")
# run: step([1, 2, 3], -1)
# run: step([1, 2, 3], 0)
# run: fmt([1, 2])
# run: fmt([1, 2, 3])
# run: fmt([1])
# run: fmt([])
# run: smallest([3, 1])
# run: smallest([])
