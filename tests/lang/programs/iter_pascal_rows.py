"""Pascal's triangle rows from a generator; moving averages with zip."""
from typing import List


def pascal(n: int):
    row = [1]
    for _ in range(n):
        yield row
        row = [a + b for a, b in zip([0] + row, row + [0])]


def row_sums(n: int) -> List[int]:
    return [sum(r) for r in pascal(n)]


def middle(n: int) -> int:
    last = [0]
    for r in pascal(n):
        last = r
    return max(last)


def moving_average(xs: List[float], k: int) -> List[float]:
    sums = [0.0]
    for x in xs:
        sums.append(sums[-1] + x)
    return [(b - a) / k for a, b in zip(sums, (sums[i] for i in range(k, len(sums))))]


# run: row_sums(6)
# run: middle(10)
# run: moving_average([1.0, 2.0, 3.0, 4.0, 5.0], 2)
# run: moving_average([1.0], 3)
