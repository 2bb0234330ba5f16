"""Midpoint, trapezoid and Simpson rules with math functions."""
import math


def integral(n: int) -> float:
    # Midpoint rule for sqrt(x) * exp(-x) * sin(x) on [0, 10] (bench/workloads.py).
    a = 0.0
    b = 10.0
    h = (b - a) / n
    total = 0.0
    for i in range(n):
        x = a + (i + 0.5) * h
        total += math.sqrt(x) * math.exp(-x) * math.sin(x)
    return total * h


def trapezoid_gauss(n: int) -> float:
    a = -3.0
    b = 3.0
    h = (b - a) / n
    total = 0.5 * (math.exp(-a * a) + math.exp(-b * b))
    for i in range(1, n):
        x = a + i * h
        total += math.exp(-x * x)
    return total * h


def simpson_log(n: int) -> float:
    a = 1.0
    b = 2.0
    h = (b - a) / n
    total = math.log(a) + math.log(b)
    for i in range(1, n):
        x = a + i * h
        if i % 2 == 1:
            total += 4.0 * math.log(x)
        else:
            total += 2.0 * math.log(x)
    return total * h / 3.0


def error_vs_exact(n: int) -> float:
    # integral of cos on [0, pi/2] is 1
    h = (math.pi / 2.0) / n
    total = 0.0
    for i in range(n):
        total += math.cos((i + 0.5) * h)
    return math.fabs(total * h - 1.0)


# run: integral(1000)
# run: trapezoid_gauss(200)
# run: simpson_log(100)
# run: error_vs_exact(50)
