"""Recursive tuples as list elements: a forest built in a list, summed, and the trees
unpacked from it."""


def node(v: int, d: int):
    if d == 0:
        return (v, None, None)
    return (v, node(v + 1, d - 1), node(v + 2, d - 1))


def size(t) -> int:
    (_, l, r) = t
    if l is None:
        return 1
    return 1 + size(l) + size(r)


def forest(n: int) -> list:
    trees = [node(k, k % 4) for k in range(n)]
    trees.append(node(100, 2))
    return [size(t) for t in trees] + [t[0] for t in trees]


def biggest(n: int) -> int:
    trees = []
    for k in range(n):
        trees.append(node(k, k))
    best = trees[0]
    for t in trees:
        if size(t) > size(best):
            best = t
    return best[0]


# run: forest(6)
# run: biggest(5)
