"""A function that returns one of several functions; the caller calls the result."""


def up(x: int) -> int:
    return x + 1


def down(x: int) -> int:
    return x - 1


def choose(k: int):
    if k > 0:
        return up
    return down


def walk(start: int, steps: int) -> int:
    x = start
    for i in range(steps):
        x = choose(i % 3 - 1)(x)
    return x


# run: walk(0, 10)
# run: walk(5, 7)
