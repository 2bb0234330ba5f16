"""print(e) of a caught exception prints its message, as CPython."""
from typing import List


def safe_div(a: int, b: int) -> int:
    try:
        return a // b
    except ZeroDivisionError as e:
        print(e)
        print("caught:", e)
        return 0


def find(xs: List[int], v: int) -> int:
    try:
        return xs.index(v)
    except ValueError as e:
        print(e)
        return -1


# run: safe_div(7, 2)
# run: safe_div(7, 0)
# run: find([1, 2], 2)
# run: find([1, 2], 5)
