"""Changing a dict's size while iterating is CPython's RuntimeError; values may change."""
def grow(n: int) -> int:
    d = {0: 0}
    for k in d:
        if k < n:
            d[k + 1] = k
    return len(d)


def shrink(n: int) -> int:
    d = {i: i for i in range(n)}
    for k in d:
        del d[k]
    return len(d)


def update_values(n: int) -> int:
    d = {i: i for i in range(n)}
    for k in d:
        d[k] = d[k] * 2
    return sum(d.values())


# run: grow(3)
# run: grow(0)
# run: shrink(2)
# run: shrink(0)
# run: update_values(5)
