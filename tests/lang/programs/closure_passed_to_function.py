"""Closures passed to a higher-order function: the captured values travel with them."""


def integrate(f, a: float, b: float, n: int) -> float:
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += f(a + (i + 0.5) * h)
    return s * h


def moments(c: float, n: int) -> float:
    m0 = integrate(lambda x: c, 0.0, 1.0, n)
    m1 = integrate(lambda x: c * x, 0.0, 1.0, n)
    shift = c / 2.0

    def centered(x):
        return (x - shift) * (x - shift)

    return m0 + m1 + integrate(centered, 0.0, 1.0, n)


def powers(n: int) -> float:
    total = 0.0
    for k in range(4):
        total += integrate(lambda x: x ** k, 0.0, 1.0, n)
    return total


# run: moments(2.0, 10)
# run: moments(0.5, 50)
# run: powers(20)
