# Bound methods of str as aliases: `join = "-".join`, `split = line.split`.
from typing import List


def dashed(n: int) -> str:
    join = "-".join
    return join([str(i) for i in range(n)])


def fields(line: str) -> List[str]:
    split = line.split
    strip = line.strip
    return split(",") + [strip()]


def shout(s: str) -> str:
    up = s.upper
    rep = s.replace
    return up() + rep("a", "4")


# run: dashed(4)
# run: dashed(0)
# run: fields(" a,b ,c")
# run: shout("banana")
