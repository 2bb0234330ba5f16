"""A function that takes a function and returns a closure over it."""


def square(x: float) -> float:
    return x * x


def twice(f):
    return lambda x: f(f(x))


def run(x: float) -> float:
    g = twice(square)
    h = twice(g)
    return g(x) + h(x)


# run: run(1.5)
# run: run(-2.0)
