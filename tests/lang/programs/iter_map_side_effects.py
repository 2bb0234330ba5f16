"""map's function runs element by element, interleaved with the loop body."""
from typing import List


def show(x: int) -> int:
    print("map", x)
    return x + 1


def keep(x: int) -> bool:
    print("test", x)
    return x > 1


def run(xs: List[int]) -> int:
    s = 0
    for v in map(show, filter(keep, xs)):
        print("body", v)
        s += v
        if v > 3:
            break
    return s


# run: run([1, 2, 3, 4, 5])
# run: run([])
