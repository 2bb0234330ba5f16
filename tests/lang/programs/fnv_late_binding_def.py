# A nested def that is only called by its name reads the variables it captures at each
# call, as CPython does (late binding): they may be assigned after the def.
from typing import List


def later(n: int) -> int:
    def f(x):
        return x + k
    k = n
    return f(1)


def report(n: int) -> None:
    def pr(results):
        print(header, results)
    header = "first"
    pr(n)
    header = "second"
    pr(n + 1)


def step_loop(n: int) -> int:
    total = 0
    def add(x):
        return x + step
    for step in range(n):
        total = add(total)
    return total


def names(n: int) -> List[str]:
    def show():
        return [f.__name__ for f in defs]
    defs = (later, report)
    return show()


# run: later(5)
# run: report(3)
# run: step_loop(5)
# run: names(0)
