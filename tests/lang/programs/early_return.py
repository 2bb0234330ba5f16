"""return from inside nested loops and branches."""
from typing import List


def find(xs: List[int], target: int) -> int:
    for i in range(len(xs)):
        if xs[i] == target:
            return i
    return -1


def first_square_sum(n: int) -> int:
    for a in range(1, n):
        for b in range(a, n):
            c2 = a * a + b * b
            c = 1
            while c * c < c2:
                c += 1
            if c * c == c2:
                return a * 10000 + b * 100 + c
    return 0


def classify(x: float) -> int:
    if x != x:
        return -1
    if x < 0.0:
        if x < -10.0:
            return 0
        return 1
    while x > 1.0:
        x = x / 10.0
        if x < 2.0:
            return 3
    return 2


# run: find([4, 8, 15, 16, 23, 42], 16)
# run: find([4, 8, 15], 5)
# run: first_square_sum(20)
# run: first_square_sum(3)
# run: classify(-50.0)
# run: classify(-5.0)
# run: classify(0.5)
# run: classify(150.0)
# run: classify(50.0)
