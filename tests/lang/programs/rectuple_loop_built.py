"""Recursive tuples kept in a variable that a loop rebuilds: a linked list grown by
`xs = (i, xs)`, and a search tree grown by `t = insert(t, k)` (insert takes the tuple
apart and rebuilds the path)."""
from typing import List


def stack(n: int):
    xs = None
    for i in range(n):
        xs = (i * i, xs)
    return xs


def pop_all(n: int) -> List[int]:
    xs = stack(n)
    out = []
    while xs is not None:
        top, xs = xs
        out.append(top)
    return out


def insert(t, k: int):
    if t is None:
        return (k, None, None)
    key, left, right = t
    if k < key:
        return (key, insert(left, k), right)
    if k > key:
        return (key, left, insert(right, k))
    return t


def height(t) -> int:
    if t is None:
        return 0
    return 1 + max(height(t[1]), height(t[2]))


def sort_keys(keys: List[int]) -> tuple:
    t = None
    for k in keys:
        t = insert(t, k)
    out: List[int] = []
    todo = []
    while t is not None or todo:
        while t is not None:
            todo.append(t)
            t = t[1]
        node = todo.pop()
        out.append(node[0])
        t = node[2]
    return (out, height(insert(insert(None, 2), 1)))


# run: stack(4)
# run: stack(0)
# run: pop_all(6)
# run: sort_keys([5, 3, 8, 1, 4, 7, 9, 3, 0])
# run: sort_keys([])
