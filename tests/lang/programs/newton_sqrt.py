"""Newton's method for square roots, compared with math.sqrt."""
import math


def newton_sqrt(x: float) -> float:
    if x == 0.0:
        return 0.0
    if x < 0.0:
        raise ValueError("negative")
    g = x if x > 1.0 else 1.0
    for i in range(1200):
        nxt = 0.5 * (g + x / g)
        if nxt >= g:
            break
        g = nxt
    return g


def max_error(n: int) -> float:
    worst = 0.0
    for i in range(1, n):
        x = i * 0.37
        err = math.fabs(newton_sqrt(x) - math.sqrt(x)) / math.sqrt(x)
        if err > worst:
            worst = err
    return worst


# run: newton_sqrt(2.0)
# run: newton_sqrt(1e-10)
# run: newton_sqrt(1e300)
# run: newton_sqrt(-4.0)
# run: max_error(200)
