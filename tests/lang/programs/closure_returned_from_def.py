"""A function returns a nested def closing over its parameters (a polynomial)."""


def make_poly(a: float, b: float, c: float):
    def p(x):
        return (a * x + b) * x + c
    return p


def run(x: float) -> float:
    p = make_poly(1.0, -3.0, 2.0)
    q = make_poly(0.5, 0.0, -1.0)
    return p(x) * 100.0 + q(x) + p(q(x))


# run: run(2.0)
# run: run(-1.25)
