"""A binary tree of tuples, (value, left, right) with None for no child: its type holds
itself (a recursive tuple), built and counted by recursive functions."""


def make_tree(i, d):
    if d > 0:
        d -= 1
        return (i, make_tree(i, d), make_tree(i + 1, d))
    return (i, None, None)


def check_tree(node) -> int:
    (i, l, r) = node
    if l is None:
        return 1
    else:
        return 1 + check_tree(l) + check_tree(r)


def count(depth: int) -> int:
    return check_tree(make_tree(0, depth))


def counts(n: int) -> list:
    return [check_tree(make_tree(k, d)) for k in range(3) for d in range(n)]


# run: count(0)
# run: count(6)
# run: counts(5)
