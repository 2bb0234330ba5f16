"""A list of functions grown with append (one of either), then called in order."""


def f(x: int) -> int:
    return x + 10


def g(x: int) -> int:
    return x * 3


def h(x: int) -> int:
    return x - 7


def pipeline(x: int, n: int) -> int:
    steps = [f]
    for i in range(n):
        if i % 2 == 0:
            steps.append(g)
        else:
            steps.append(h)
    for s in steps:
        x = s(x)
    return x + len(steps)


# run: pipeline(1, 0)
# run: pipeline(1, 5)
