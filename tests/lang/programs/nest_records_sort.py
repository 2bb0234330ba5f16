"""Records as tuples in a list, sorted by a key and by the tuples themselves."""
from typing import List, Tuple


def age(p: Tuple[str, int]) -> int:
    return p[1]


def oldest_first(people: List[Tuple[str, int]]) -> List[str]:
    ps = people.copy()
    ps.sort(key=age, reverse=True)
    return [name for name, _ in ps]


def natural(people: List[Tuple[str, int]]) -> List[Tuple[str, int]]:
    return sorted(people)


# run: oldest_first([("ann", 31), ("bob", 25), ("cy", 31), ("di", 40)])
# run: natural([("bob", 2), ("ann", 9), ("bob", 1)])
