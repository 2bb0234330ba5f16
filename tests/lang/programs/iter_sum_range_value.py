"""sum and len of range objects kept in variables."""


def tri(n: int) -> int:
    r = range(1, n + 1)
    return sum(r) + len(r)


def stepped(a: int, b: int, s: int) -> int:
    r = range(a, b, s)
    return sum(r) * 1000 + len(r)


# run: tri(10)
# run: tri(0)
# run: stepped(0, 20, 3)
# run: stepped(20, 0, -3)
# run: stepped(5, 1, 1)
# run: stepped(-5, 5, 4)
