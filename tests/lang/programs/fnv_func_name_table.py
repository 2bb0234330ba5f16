# Rosetta Code's numerical integration report: `func.__name__` over a tuple of tuples of
# numbers and functions, %-formatted.


def left_rect(f, x, h):
    return f(x)


def mid_rect(f, x, h):
    return f(x + h / 2)


def cube(x):
    return x * x * x


def identity(x):
    return x


def integrate(f, a, b, steps, meth):
    h = (b - a) / steps
    return h * sum(meth(f, a + i * h, h) for i in range(steps))


def report(steps: int) -> None:
    for a, b, func in ((0., 1., cube), (0., 5., identity)):
        for rule in (left_rect, mid_rect):
            print('%s integrated using %s from %r to %r = %r' %
                  (func.__name__, rule.__name__, a, b, integrate(func, a, b, steps, rule)))


# run: report(10)
