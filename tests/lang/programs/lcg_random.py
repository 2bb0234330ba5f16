"""A linear congruential generator kept inside int64 with masks; Monte Carlo pi."""
from typing import List


def lcg_next(x: int) -> int:
    return (1103515245 * x + 12345) & 0x7FFFFFFF


def sequence(seed: int, n: int) -> List[int]:
    out: List[int] = []
    x = seed
    for i in range(n):
        x = lcg_next(x)
        out.append(x % 100)
    return out


def monte_carlo_pi(n: int) -> float:
    x = 42
    inside = 0
    for i in range(n):
        x = lcg_next(x)
        px = x / 2147483648.0
        x = lcg_next(x)
        py = x / 2147483648.0
        if px * px + py * py <= 1.0:
            inside += 1
    return 4.0 * inside / n


# run: sequence(1, 10)
# run: monte_carlo_pi(2000)
