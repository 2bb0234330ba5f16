"""print of floats uses repr: shortest round-trip digits, exponent forms, inf/nan, -0.0."""
import math


def show_constants() -> None:
    print(0.1)
    print(0.1 + 0.2)
    print(1.0)
    print(-2.5)
    print(1e-05)
    print(0.0001)
    print(1e16)
    print(1e15)
    print(123456789.0)
    print(1e22)
    print(1.5e300)
    print(5e-324)
    print(2.5e-300)
    print(1.0 / 3.0)
    print(2.0 / 3.0)
    print(math.pi, math.e)
    print(math.inf, -math.inf, math.nan)
    print(-0.0, 0.0)
    print(100.0, 1234567890123456789.0)


def show_computed(n: int) -> None:
    x = 1.0
    for i in range(n):
        x = x * 7.0 / 3.0
        print(x)
    y = 1.0
    for i in range(n):
        y = y / 16.0
        print(y)


def show_conversions(n: int) -> None:
    print(float(n), n / 2, n * 0.5, float(n) ** 2.0)


# run: show_constants()
# run: show_computed(12)
# run: show_conversions(7)
# run: show_conversions(-12345678)
