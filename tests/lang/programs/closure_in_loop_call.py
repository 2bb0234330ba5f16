"""Closures made in a loop and called in the same iteration (passed straight to a
function that returns a number): the values of that iteration, as in CPython."""


def apply(f, x: int) -> int:
    return f(x) + f(x + 1)


def run(n: int) -> int:
    total = 0
    for i in range(n):
        total += apply(lambda x: x * i, 3)
        total += (lambda y: y - i)(100)
    return total


# run: run(5)
# run: run(0)
