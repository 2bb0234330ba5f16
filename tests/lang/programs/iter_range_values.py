"""range objects as values: len, indexing (negative too), in, iteration."""
from typing import List


def info(a: int, b: int, s: int) -> List[int]:
    r = range(a, b, s)
    out = [len(r)]
    for v in r:
        out.append(v)
    return out


def index(a: int, b: int, s: int, i: int) -> int:
    r = range(a, b, s)
    return r[i]


def member(a: int, b: int, s: int, x: int) -> bool:
    r = range(a, b, s)
    return x in r


def not_member(n: int, x: int) -> bool:
    r = range(n)
    return x not in r


def loop_twice(n: int) -> int:
    r = range(n)
    s = 0
    for i in r:
        for j in r:
            s += i * j
    return s


def zero_step(n: int) -> int:
    r = range(0, 10, n)
    return len(r)


# run: info(0, 10, 3)
# run: info(10, 0, -3)
# run: info(3, 3, 1)
# run: index(0, 10, 3, 2)
# run: index(0, 10, 3, -1)
# run: index(0, 10, 3, 4)
# run: index(10, 0, -3, -4)
# run: index(10, 0, -3, -5)
# run: member(0, 10, 3, 9)
# run: member(0, 10, 3, 10)
# run: member(10, 0, -3, 4)
# run: member(10, 0, -3, 5)
# run: member(10, 0, -3, 0)
# run: not_member(5, 7)
# run: loop_twice(4)
# run: zero_step(0)
# run: zero_step(4)
