"""Lists of lists of bools: a life step, any/all over rows."""
from typing import List


def step(g: List[List[bool]]) -> List[List[bool]]:
    n, m = len(g), len(g[0])
    out = [[False] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            k = 0
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    if (di or dj) and 0 <= i + di < n and 0 <= j + dj < m and g[i + di][j + dj]:
                        k += 1
            out[i][j] = k == 3 or (g[i][j] and k == 2)
    return out


def summary(g: List[List[bool]]) -> List[bool]:
    return [any(any(r) for r in g), all(all(r) for r in g), any(r == [True, True] for r in g)]


# run: step([[False, True, False], [False, True, False], [False, True, False]])
# run: summary([[True, False], [True, True]])
