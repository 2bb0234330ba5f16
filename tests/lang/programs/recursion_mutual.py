"""Mutual recursion: even/odd, Hofstadter's female and male sequences."""
from typing import List


def is_even(n: int) -> bool:
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n: int) -> bool:
    if n == 0:
        return False
    return is_even(n - 1)


def hof_f(n: int) -> int:
    if n == 0:
        return 1
    return n - hof_m(hof_f(n - 1))


def hof_m(n: int) -> int:
    if n == 0:
        return 0
    return n - hof_f(hof_m(n - 1))


def hofstadter(n: int) -> List[int]:
    return [hof_f(i) - hof_m(i) for i in range(n)]


# run: is_even(10)
# run: is_even(77)
# run: is_odd(77)
# run: is_odd(0)
# run: hofstadter(15)
