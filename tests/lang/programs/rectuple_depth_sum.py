"""Depth-first sums over a tree of tuples: values by indexing, the depth passed down, the
children tested with `is None` and `is not None`."""


def tree(v: int, d: int):
    if d == 0:
        return (v, None, None)
    return (v, tree(2 * v, d - 1), tree(2 * v + 1, d - 1))


def weighted(t, depth: int) -> int:
    s = t[0] * depth
    left = t[1]
    right = t[2]
    if left is not None:
        s += weighted(left, depth + 1)
    if right is not None:
        s += weighted(right, depth + 1)
    return s


def leaves(t) -> int:
    (v, left, right) = t
    if left is None or right is None:
        return v
    return leaves(left) + leaves(right)


def sums(d: int) -> tuple:
    t = tree(1, d)
    return (weighted(t, 1), leaves(t), len(t))


# run: sums(0)
# run: sums(3)
# run: sums(9)
