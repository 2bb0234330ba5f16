"""Constant-index tuple reads, including negative constants; tuples as parameters."""
from typing import Tuple


def pick(t: Tuple[int, float, bool]) -> float:
    return t[0] + t[1] if t[2] else t[1] - t[0]


def last(t: Tuple[int, int, int, int]) -> int:
    return t[-1] * 10 + t[-4]


def build_and_index(a: int, b: float) -> Tuple[float, int]:
    t = (a, b, a * 2)
    return (t[1] * t[0], t[2] + t[-3])


def nested_calls(n: int) -> int:
    t = (n, n + 1)
    u = (t[1], t[0] * 3)
    return u[0] * 100 + u[1]


def state_machine(n: int) -> Tuple[int, int]:
    s = (0, 1)
    for i in range(n):
        s = (s[1], (s[0] + s[1]) % 1000)
    return s


# run: pick((3, 1.5, True))
# run: pick((3, 1.5, False))
# run: last((1, 2, 3, 4))
# run: build_and_index(4, 0.5)
# run: nested_calls(7)
# run: state_machine(100)
