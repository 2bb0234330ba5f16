"""tuple() of sets, dict keys and values, a range value, a map and a filter: the items in
CPython's order (a set's in any order), as a Tuple[T, ...]."""
from typing import Dict, List


def of_set(xs: List[int]) -> str:
    t = tuple(set(xs))          # (natively a set's order is not CPython's: docs/language.md)
    return f"{len(t)} {sum(t)} {sorted(t)}"


def of_dict(d: Dict[str, int]) -> str:
    return f"{tuple(d)} {tuple(d.keys())} {tuple(d.values())}"


def of_range(a: int, b: int) -> str:
    r = range(a, b)
    return f"{tuple(r)} {tuple(range(b, a, -2))}"


def of_lazy(n: int) -> str:
    return f"{tuple(map(abs, range(-n, 1)))} {tuple(filter(None, range(n)))}"


# run: of_set([3, 1, 2, 3])
# run: of_set([])
# run: of_dict({"b": 1, "a": 2})
# run: of_dict({})
# run: of_range(1, 6)
# run: of_range(3, 3)
# run: of_lazy(3)
