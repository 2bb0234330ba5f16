"""Higher-order functions: compose and twice take functions and call them."""


def inc(x: float) -> float:
    return x + 1.0


def triple(x: float) -> float:
    return 3.0 * x


def compose(f, g, x: float) -> float:
    return f(g(x))


def twice(f, x: float) -> float:
    return f(f(x))


def run(x: float) -> float:
    return compose(inc, triple, x) + compose(triple, inc, x) + twice(triple, x) + twice(inc, x)


# run: run(1.0)
# run: run(-2.5)
