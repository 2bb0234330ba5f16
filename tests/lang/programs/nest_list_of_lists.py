"""Lists of lists: literals, append, indexing, element assignment, iteration."""
from typing import List


def grid(n: int) -> List[List[int]]:
    g: List[List[int]] = []
    for i in range(n):
        row: List[int] = []
        for j in range(n):
            row.append(i * n + j)
        g.append(row)
    g[0][0] = -1
    return g


def total(g: List[List[int]]) -> int:
    s = 0
    for row in g:
        for x in row:
            s += x
    return s


def literal() -> int:
    m = [[1, 2], [3, 4, 5], []]
    m[2].append(9)
    return len(m) * 100 + m[1][2] * 10 + m[2][0]


def transpose(m: List[List[float]]) -> List[List[float]]:
    return [[m[i][j] for i in range(len(m))] for j in range(len(m[0]))]


def aliasing(n: int) -> List[List[int]]:
    row = [0, 0]
    rows = [row, row]
    rows[0][1] = n
    row.append(7)
    return rows


def printing(n: int) -> None:
    m = [[i, i + 1] for i in range(n)]
    print(m)
    print(len(m), m[-1])
    deep = [[[1.5]], [[2.5, 3.0], []]]
    print(deep)


# run: grid(3)
# run: total([[1, 2], [3], []])
# run: literal()
# run: transpose([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
# run: aliasing(5)
# run: printing(3)
