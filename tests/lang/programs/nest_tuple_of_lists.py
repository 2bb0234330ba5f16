"""Tuples holding lists and strings, and lists of strings of lists."""
from typing import List, Tuple


def split_even(xs: List[int]) -> Tuple[List[int], List[int]]:
    ev: List[int] = []
    od: List[int] = []
    for x in xs:
        if x % 2 == 0:
            ev.append(x)
        else:
            od.append(x)
    return ev, od


def tagged(t: Tuple[List[int], str]) -> str:
    xs, name = t
    xs.append(len(name))
    return name + str(xs)


def words(n: int) -> List[List[str]]:
    out = [["w" + str(i)] for i in range(n)]
    out[0].append("extra")
    return out


# run: split_even([1, 2, 3, 4, 5, 6])
# run: tagged(([1, 2], "abc"))
# run: words(3)
