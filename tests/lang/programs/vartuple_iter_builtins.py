"""Builtins over a Tuple[T, ...]: enumerate (start), reversed, zip with a list, sorted
(key, reverse), sum of floats, min/max (key, default), map and filter, list/set/dict."""
from typing import List


def listing(xs: List[int]) -> str:
    t = tuple(xs)
    return (f"{list(enumerate(t, 1))} {list(reversed(t))} {list(zip(t, 'abc'))} "
            f"{sorted(t, reverse=True)} {sorted(t, key=lambda v: -v)}")


def stats(xs: List[float]) -> str:
    t = tuple(xs)
    return f"{sum(t)} {min(t, default=-1.0)} {max(t, default=-1.0)} {max(t, key=abs, default=0.0)}"


def mapped(xs: List[int]) -> str:
    t = tuple(xs)
    return f"{list(map(lambda v: v * 2, t))} {list(filter(lambda v: v % 2 == 0, t))} {tuple(map(str, t))}"


def containers(xs: List[int]) -> str:
    t = tuple(xs)
    return f"{sorted(set(t))} {len(set(t))} {[v for v in t if v > 1]} {list(t) == xs}"


# run: listing([3, 1, 2])
# run: listing([])
# run: stats([1.5, -2.5, 0.25])
# run: stats([0.5])
# run: mapped([1, 2, 3, 4])
# run: containers([3, 1, 3, 2])
