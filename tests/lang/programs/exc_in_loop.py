"""Exceptions caught inside a loop; the loop goes on with the state the handler saw."""


def sum_inverses(n: int) -> float:
    total = 0.0
    errors = 0
    for i in range(-n, n + 1):
        try:
            total += 1.0 / i
        except ZeroDivisionError:
            errors += 1
    print("errors", errors)
    return total


def first_failure(xs: list[int]) -> int:
    i = 0
    while i < 10:
        try:
            v = 100 // xs[i]
            print(v)
        except ZeroDivisionError:
            return i
        except IndexError:
            return -1
        i += 1
    return -2


# run: sum_inverses(3)
# run: first_failure([5, 4, 0, 1])
# run: first_failure([5, 4])
