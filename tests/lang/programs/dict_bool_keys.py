"""bool keys and values."""
def evens(n: int) -> int:
    d = {True: 0, False: 0}
    for i in range(n):
        d[i % 2 == 0] += 1
    print(d)
    return d[True] - d[False]


def flags(n: int) -> bool:
    d = {}
    for i in range(n):
        d[i] = i % 3 == 0
    print(d)
    return d[n - 1]


# run: evens(5)
# run: flags(4)
