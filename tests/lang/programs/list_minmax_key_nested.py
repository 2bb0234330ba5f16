"""min / max of lists of lists by key, with default; sorted by len."""
from typing import List


def longest(m: List[List[int]]) -> List[int]:
    return max(m, key=len)


def shortest_or(m: List[List[int]]) -> List[int]:
    return min(m, key=len, default=[-1])


def by_len(m: List[List[int]]) -> List[List[int]]:
    return sorted(m, key=len, reverse=True)


# run: longest([[1], [2, 3], [4, 5]])
# run: shortest_or([[1, 2], [3]])
# run: shortest_or([])
# run: by_len([[1], [2, 3], [], [4, 5]])
