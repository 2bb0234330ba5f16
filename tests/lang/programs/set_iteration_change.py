"""Changing a set's size while iterating: RuntimeError."""
def grow(n: int) -> int:
    s = {1}
    for x in s:
        if x < n:
            s.add(x + 1)
    return len(s)


def ok(n: int) -> int:
    s = {1, 2, 3}
    t = 0
    for x in s:
        t += x * n
    return t


# run: grow(3)
# run: grow(0)
# run: ok(2)
