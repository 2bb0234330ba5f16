"""Conditions on ints and floats use their truth value (0, 0.0, -0.0 are false)."""


def count_nonzero(n: int) -> int:
    c = 0
    for i in range(-n, n):
        if i % 3:
            c += 1
    return c


def countdown(n: int) -> int:
    steps = 0
    while n:
        n -= 1
        steps += 1
    return steps


def float_truth(x: float) -> int:
    if x:
        return 1
    return 0


def ternary_truth(k: int) -> int:
    return 10 if k & 4 else 20


# run: count_nonzero(10)
# run: countdown(7)
# run: float_truth(0.0)
# run: float_truth(-0.0)
# run: float_truth(0.001)
# run: float_truth(math.nan)
# run: ternary_truth(5)
# run: ternary_truth(3)
