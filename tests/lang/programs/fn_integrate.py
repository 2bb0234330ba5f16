"""Functions passed as arguments: integrate(f, a, b, meth) with the rule itself a function
(each function passed is one compiled version of the callee, like a constant)."""
import math


def square(x: float) -> float:
    return x * x


def bump(x: float) -> float:
    return math.exp(-x * x)


def midpoint(f, a: float, h: float, i: int) -> float:
    return f(a + (i + 0.5) * h)


def trapezoid(f, a: float, h: float, i: int) -> float:
    return 0.5 * (f(a + i * h) + f(a + (i + 1) * h))


def integrate(f, a: float, b: float, meth, n: int) -> float:
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += meth(f, a, h, i)
    return s * h


def table(n: int) -> float:
    return (integrate(square, 0.0, 1.0, midpoint, n) + integrate(square, 0.0, 1.0, trapezoid, n)
            + integrate(bump, -2.0, 2.0, midpoint, n) + integrate(math.sqrt, 0.0, 4.0, trapezoid, n))


# run: table(10)
# run: table(100)
