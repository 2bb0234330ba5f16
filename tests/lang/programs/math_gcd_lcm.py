"""math.gcd / math.lcm with any number of arguments, negatives and zeros (CPython's signs)."""
import math
from typing import List


def pairs(xs: List[int]) -> List[int]:
    out: List[int] = []
    for a in xs:
        for b in xs:
            out.append(math.gcd(a, b))
            out.append(math.lcm(a, b))
    return out


def nary(a: int, b: int, c: int):
    return (math.gcd(), math.gcd(a), math.gcd(a, b, c), math.gcd(a, b, c, 10),
            math.lcm(), math.lcm(a), math.lcm(a, b, c), math.lcm(a, 0, c))


# run: pairs([0, 1, -1, 6, -4, 9, 12, 35, 1000000007, -1024])
# run: nary(12, -18, 30)
# run: nary(0, 0, 7)
# run: nary(-5, 25, 40)
