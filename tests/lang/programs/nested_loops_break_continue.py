"""break and continue only leave the innermost loop."""
from typing import Tuple


def pairs_summing_to(target: int, n: int) -> int:
    count = 0
    for i in range(n):
        if i % 2 == 1:
            continue
        for j in range(i, n):
            if i + j > target:
                break
            if i + j == target:
                count += 1
    return count


def first_pair(n: int, prod: int) -> Tuple[int, int]:
    fa = -1
    fb = -1
    for a in range(1, n):
        for b in range(a, n):
            if a * b == prod:
                fa = a
                fb = b
                break
        if fa > 0:
            break
    return fa, fb


def grid_walk(w: int, h: int) -> int:
    total = 0
    y = 0
    while y < h:
        y += 1
        if y % 3 == 0:
            continue
        x = 0
        while True:
            x += 1
            if x > w:
                break
            if (x + y) % 4 == 0:
                continue
            total += x * y
    return total


# run: pairs_summing_to(20, 30)
# run: first_pair(50, 36)
# run: first_pair(10, 97)
# run: grid_walk(12, 15)
