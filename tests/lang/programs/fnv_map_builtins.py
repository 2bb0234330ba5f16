# Builtins given to map, sorted, min and max.
from typing import List


def join_ints(n: int) -> str:
    return " ".join(map(str, range(n)))


def parse_sum(s: str) -> int:
    return sum(map(int, s.split(",")))


def parse_floats(s: str) -> List[float]:
    return list(map(float, s.split()))


def by_length(s: str) -> List[str]:
    return sorted(s.split(), key=len)


def farthest(xs: List[int]) -> int:
    return max(xs, key=abs)


def nearest(xs: List[int], c: int) -> int:
    return min(xs, key=lambda v: abs(v - c))


def longest(s: str) -> str:
    return max(s.split(), key=len)


# run: join_ints(5)
# run: parse_sum("1,2,30")
# run: parse_floats("1.5 -2 3e2")
# run: by_length("ccc a bb dddd e")
# run: farthest([3, -7, 5, 6])
# run: nearest([1, 8, 4, 12], 6)
# run: longest("a bbb cc ddd")
# run: parse_sum("1,x")
