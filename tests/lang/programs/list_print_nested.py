"""print, str and repr of nested lists, as CPython writes them."""
from typing import List, Optional, Tuple


def show(n: int) -> str:
    a = [[i, -i] for i in range(n)]
    b = [("x", 1.5), ("y'", -0.0)]
    c: List[Optional[List[int]]] = [None, [1]]
    d: List[List[str]] = [["a", "b"], []]
    print(a, b)
    print(c, d, [[[0]]])
    print(str(a) + "|" + repr(d))
    return f"{a}"


# run: show(3)
