# pyperformance fannkuch's rotation: perm1_ins = perm1.insert, perm1_pop = perm1.pop.
from typing import List


def rotate(n: int, times: int) -> List[int]:
    perm1 = list(range(n))
    perm1_ins = perm1.insert
    perm1_pop = perm1.pop
    for r in range(times):
        perm1_ins(r % n, perm1_pop(0))
    return perm1


def drain(n: int) -> int:
    xs = list(range(n))
    pop = xs.pop
    total = 0
    while xs:
        total = total * 3 + pop()
    return total


# run: rotate(5, 3)
# run: rotate(4, 9)
# run: drain(6)
# run: rotate(0, 1)
