"""Iterating a function passed as an argument (a Collatz step, a logistic map)."""


def collatz(n: int) -> int:
    if n % 2 == 0:
        return n // 2
    return 3 * n + 1


def logistic(x: float) -> float:
    return 3.7 * x * (1.0 - x)


def iterate(f, x, n: int):
    for _ in range(n):
        x = f(x)
    return x


def run(n: int) -> float:
    return iterate(collatz, 27, n) + iterate(logistic, 0.25, n)


# run: run(5)
# run: run(40)
