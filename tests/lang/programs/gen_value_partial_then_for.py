# Partial consumption with next(), then a for loop (and sum, list) over the rest.
from typing import List


def countdown(n: int):
    while n > 0:
        yield n
        n -= 1
    print("liftoff")


def rest_after_two(n: int) -> List[int]:
    g = countdown(n)
    a = next(g)
    b = next(g)
    out = [a * 10 + b]
    for x in g:
        out.append(x)
    return out


def sum_rest(n: int) -> int:
    g = countdown(n)
    next(g)
    return sum(g)


def for_else(n: int) -> int:
    g = countdown(n)
    next(g)
    for x in g:
        if x == 100:
            break
    else:
        return -1
    return 1


# run: rest_after_two(5)
# run: sum_rest(4)
# run: for_else(3)
