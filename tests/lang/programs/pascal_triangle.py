"""Pascal's triangle rows updated in place in a single list."""
from typing import List


def row(n: int) -> List[int]:
    r = [1]
    for i in range(n):
        r.append(1)
        for j in range(len(r) - 2, 0, -1):
            r[j] = r[j] + r[j - 1]
    return r


def print_rows(n: int) -> None:
    for i in range(n):
        print(row(i))


def central(n: int) -> int:
    r = row(2 * n)
    return r[n]


# run: row(0)
# run: row(10)
# run: print_rows(6)
# run: central(20)
