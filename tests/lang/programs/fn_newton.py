"""Newton's method with the function and its derivative passed in."""


def f1(x: float) -> float:
    return x * x - 2.0


def d1(x: float) -> float:
    return 2.0 * x


def f2(x: float) -> float:
    return x * x * x - x - 1.0


def d2(x: float) -> float:
    return 3.0 * x * x - 1.0


def newton(f, df, x0: float, tol: float) -> float:
    x = x0
    for _ in range(50):
        step = f(x) / df(x)
        x -= step
        if abs(step) < tol:
            break
    return x


def roots(x0: float) -> float:
    return newton(f1, d1, x0, 1e-12) + 10.0 * newton(f2, d2, x0, 1e-12)


# run: roots(1.0)
# run: roots(3.0)
