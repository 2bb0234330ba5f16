"""assert with and without a message; a passing assert has no effect."""


def checked_sqrt_int(n: int) -> int:
    assert n >= 0, "n must be non-negative"
    r = 0
    while (r + 1) * (r + 1) <= n:
        r += 1
    assert r * r <= n < (r + 1) * (r + 1)
    return r


def bare(x: float) -> float:
    assert x == x
    return x * 2.0


def in_loop(n: int) -> int:
    total = 0
    for i in range(n):
        assert i < 5, "too many"
        total += i
    return total


# run: checked_sqrt_int(99)
# run: checked_sqrt_int(-1)
# run: bare(1.5)
# run: bare(math.nan)
# run: in_loop(5)
# run: in_loop(8)
