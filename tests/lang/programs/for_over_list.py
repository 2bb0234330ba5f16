"""for x in xs over lists of int, float and bool, including one built by another function."""
from typing import List


def squares(n: int) -> List[int]:
    out: List[int] = []
    for i in range(n):
        out.append(i * i)
    return out


def sum_list(xs: List[int]) -> int:
    s = 0
    for x in xs:
        s += x
    return s


def sum_built(n: int) -> int:
    return sum_list(squares(n))


def mean(xs: List[float]) -> float:
    s = 0.0
    n = 0
    for x in xs:
        s += x
        n += 1
    return s / n


def all_true(xs: List[bool]) -> bool:
    for b in xs:
        if not b:
            return False
    return True


def count_over_loop(xs: List[int]) -> int:
    # the list is appended to between two iterations over it
    c = 0
    for x in xs:
        c += x
    xs.append(c)
    xs.append(-1)
    for x in xs:
        c += x
    return c * 100 + len(xs)


# run: sum_built(10)
# run: sum_list([])
# run: mean([1.0, 2.0, 4.5])
# run: all_true([True, True, True])
# run: all_true([True, False, True])
# run: all_true([])
# run: count_over_loop([1, 2, 3])
