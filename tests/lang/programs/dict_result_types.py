"""Dict and set results of several types."""
from typing import Dict, List, Set, Tuple


def hist(xs: List[int]) -> Dict[int, int]:
    d = {}
    for x in xs:
        d[x] = d.get(x, 0) + 1
    return d


def tuple_values(n: int) -> Dict[str, Tuple[int, float]]:
    return {"p": (n, n / 2), "q": (n + 1, 0.25)}


def list_values(n: int) -> Dict[int, List[int]]:
    return {i: list(range(i)) for i in range(n)}


def uniq(xs: List[str]) -> Set[str]:
    return set(xs)


def bool_set(n: int) -> Set[bool]:
    return {i % 2 == 0 for i in range(n)}


# run: hist([1, 2, 2, 3, 3, 3])
# run: hist([])
# run: tuple_values(3)
# run: list_values(3)
# run: uniq(["a", "b", "a"])
# run: bool_set(1)
# run: bool_set(4)
