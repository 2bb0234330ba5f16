"""A nested function that assigns a name makes it its own local (the enclosing variable
is not changed), as in CPython."""


def run(x: int) -> int:
    y = 10

    def g(v):
        y = v * 2
        return y + 1

    r = g(x)
    return r * 100 + y


# run: run(3)
# run: run(-7)
