"""+= on an inner list changes it where it is shared; *= repeats in place."""
from typing import List


def inner_plus(n: int) -> List[List[int]]:
    row = [1]
    m = [row, row]
    m[0] += [n]
    return m


def outer_times(n: int) -> List[List[int]]:
    m = [[1], [2]]
    alias = m
    m *= n
    m[0].append(3)
    return alias


def element_aug(n: int) -> List[List[int]]:
    m = [[1, 2], [3]]
    m[0][1] += n
    m[1][0] *= n
    return m


# run: inner_plus(2)
# run: outer_times(2)
# run: outer_times(0)
# run: element_aug(5)
