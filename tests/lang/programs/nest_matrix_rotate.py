"""Rotate and flip square matrices held as lists of lists."""
from typing import List


def rotate(m: List[List[int]]) -> List[List[int]]:
    n = len(m)
    return [[m[n - 1 - j][i] for j in range(n)] for i in range(n)]


def rotate_in_place(m: List[List[int]]) -> List[List[int]]:
    m.reverse()
    for i in range(len(m)):
        for j in range(i):
            m[i][j], m[j][i] = m[j][i], m[i][j]
    return m


def flip_rows(m: List[List[int]]) -> List[List[int]]:
    for row in m:
        row.reverse()
    return m


# run: rotate([[1, 2], [3, 4]])
# run: rotate_in_place([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
# run: flip_rows([[1, 2, 3], [4, 5]])
