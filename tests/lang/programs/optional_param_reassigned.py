"""`if x is None: x = default` on an unannotated parameter."""


def with_default(n: int, step=None) -> int:
    if step is None:
        step = 2
    total = 0
    for i in range(0, n, step):
        total += i
    return total


# run: with_default(10)
# run: with_default(10, None)
# run: with_default(10, 3)
