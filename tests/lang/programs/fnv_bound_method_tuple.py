# Bound methods kept in a tuple and in variables, called later.
from typing import List


def two_lists(n: int) -> List[int]:
    a: List[int] = []
    b: List[int] = []
    pushes = (a.append, b.append)
    for i in range(n):
        if i % 2 == 0:
            pushes[0](i)
        else:
            pushes[1](i)
    return a + [-1] + b


def pick_join(parts: List[str], dash: bool) -> str:
    j = "-".join
    k = "+".join
    return j(parts) if dash else k(parts)


# run: two_lists(7)
# run: pick_join(["x", "y", "z"], True)
# run: pick_join(["x", "y", "z"], False)
