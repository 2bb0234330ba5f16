"""`while x is not None:`: a chain walked until a function returns None."""
from typing import List, Optional


def next_of(links: List[int], i: int) -> Optional[int]:
    j = links[i]
    if j < 0:
        return None
    return j


def chain_length(links: List[int], start: int) -> int:
    node: Optional[int] = start
    steps = 0
    while node is not None:
        steps += 1
        node = next_of(links, node)
    return steps


def chain_sum(links: List[int], start: int) -> int:
    node = next_of(links, start)
    total = start
    while node is not None:
        total += node
        node = next_of(links, node)
    return total


# run: chain_length([1, 2, 3, -1], 0)
# run: chain_length([-1], 0)
# run: chain_sum([2, -1, 1], 0)
