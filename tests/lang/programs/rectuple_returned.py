"""A recursive tuple returned to Python: nested plain tuples, as CPython builds them; and
its repr and str inside scripted code."""


def make(i: int, d: int):
    if d > 0:
        return (i, make(i * 2, d - 1), make(i * 2 + 1, d - 1))
    return (i, None, None)


def chain(n: int):
    if n == 0:
        return None
    return (n, chain(n - 1))


def tree_back(d: int):
    return make(1, d)


def chain_back(n: int):
    return chain(n)


def shown(d: int) -> str:
    t = make(1, d)
    print(t)
    return repr(t) + " " + str(make(3, 1)) + f" {make(5, 0)}"


# run: tree_back(0)
# run: tree_back(3)
# run: chain_back(4)
# run: chain_back(0)
# run: shown(2)
# run: chain_back(200)
