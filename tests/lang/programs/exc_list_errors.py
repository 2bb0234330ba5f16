"""Errors of list operations are catchable with CPython's classes and messages."""


def pop_all(xs: list[int], n: int) -> int:
    total = 0
    try:
        for i in range(n):
            total += xs.pop()
    except IndexError as e:
        print(str(e))
    return total


def store(xs: list[int], i: int) -> int:
    try:
        xs[i] = 7
    except IndexError as e:
        print(str(e))
        return -1
    return xs[i]


# run: pop_all([1, 2, 3], 2)
# run: pop_all([1, 2, 3], 5)
# run: store([1, 2], 1)
# run: store([1, 2], 2)
