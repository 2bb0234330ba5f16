"""remove deletes the first equal element; a missing one is CPython's ValueError."""
from typing import List


def removes(xs: List[int]) -> List[int]:
    xs.remove(2)
    xs.remove(2)
    return xs


def remove_str(xs: List[str], v: str) -> List[str]:
    xs.remove(v)
    return xs


def remove_until_empty(n: int) -> int:
    xs = [i % 3 for i in range(n)]
    k = 0
    try:
        while True:
            xs.remove(1)
            k += 1
    except ValueError as e:
        print(e)
    return k * 100 + len(xs)


# run: removes([2, 1, 2, 2])
# run: removes([2, 1])
# run: remove_str(["a", "b", "a"], "a")
# run: remove_str([], "a")
# run: remove_until_empty(10)
