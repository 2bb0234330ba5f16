"""Unannotated parameters take the type of the argument; one function, several signatures."""


def add(a, b):
    return a + b


def scale_sum(xs, k):
    total = k * 0
    for x in xs:
        total += x * k
    return total


def twice(f_arg):
    return add(f_arg, f_arg)


def mixed_calls(n: int) -> float:
    # add is specialized for (int, int), (float, float) and (int, float) here
    return add(n, n) + add(0.5, 1.5) + add(n, 0.25)


def use_bool(b):
    return b and not b


# run: add(2, 3)
# run: add(2.5, 3)
# run: add(True, True)
# run: scale_sum([1, 2, 3], 4)
# run: scale_sum([1.5, 2.5], 2.0)
# run: scale_sum([1, 2, 3], 0.5)
# run: twice(21)
# run: twice(-0.75)
# run: mixed_calls(3)
# run: use_bool(True)
