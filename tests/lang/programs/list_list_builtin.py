"""list(...) of iterables of lists, tuples and str; tuple unpacking of pairs from zip."""
from typing import List, Tuple


def from_zip(a: List[int], b: List[str]) -> List[Tuple[int, str]]:
    return list(zip(a, b))


def from_enumerate(ws: List[str]) -> List[Tuple[int, str]]:
    return list(enumerate(ws, 1))


def from_gen(n: int) -> List[List[int]]:
    return list([i] * i for i in range(n))


def rows_of(m: List[List[int]]) -> List[List[int]]:
    return list(reversed(m))


# run: from_zip([1, 2, 3], ["a", "b"])
# run: from_enumerate(["x", "y"])
# run: from_gen(4)
# run: rows_of([[1], [2, 3]])
