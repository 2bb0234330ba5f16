"""A lambda stored in a variable and called many times."""


def run(n: int) -> int:
    sq = lambda v: v * v
    cube = lambda v: v * sq(v)
    total = 0
    for i in range(n):
        total += sq(i) - cube(i) // (i + 1)
    return total


# run: run(10)
# run: run(0)
