"""Lambdas called where they are written."""


def run(a: int, b: int) -> int:
    s = (lambda x, y: x * y)(a, b)
    t = (lambda: a + b)()
    u = (lambda x: lambda y: x - y)(a)(b)
    return s * 100 + t * 10 + u


# run: run(3, 4)
# run: run(-2, 7)
