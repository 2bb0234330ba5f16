"""[[0] * n] * m shares its row, as in CPython; the comprehension makes fresh rows."""
from typing import List


def shared(n: int) -> List[List[int]]:
    g = [[0] * n] * 3
    g[0][0] = 5
    return g


def fresh(n: int) -> List[List[int]]:
    g = [[0] * n for _ in range(3)]
    g[0][0] = 5
    return g


def concat_shares(n: int) -> List[List[int]]:
    row = [n]
    a = [row]
    b = a + a
    row.append(0)
    return b


# run: shared(2)
# run: fresh(2)
# run: concat_shares(4)
