"""Pascal's triangle as a list of rows that grow."""
from typing import List


def pascal(n: int) -> List[List[int]]:
    rows: List[List[int]] = [[1]]
    for i in range(1, n):
        prev = rows[-1]
        row = [1]
        for j in range(1, i):
            row.append(prev[j - 1] + prev[j])
        row.append(1)
        rows.append(row)
    return rows


def show(n: int) -> None:
    for row in pascal(n):
        print(row, sum(row))


# run: pascal(6)
# run: show(5)
