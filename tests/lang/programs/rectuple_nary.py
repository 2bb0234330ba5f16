"""Trees whose children are a list of trees, (label, [children]): the recursive tuple holds
itself inside a list; leaves with `[]`, or a list filled when there are children."""
from typing import List


def build(label: int, depth: int):
    if depth == 0:
        return (label, [])
    return (label, [build(label * 10 + k, depth - 1) for k in range(1, 3)])


def build_var(label: int, depth: int, fan: int):
    kids = []
    if depth > 0:
        kids = [build_var(label * 10 + k, depth - 1, fan) for k in range(fan)]
    return (label, kids)


def labels(t) -> List[int]:
    label, children = t
    out = [label]
    for c in children:
        out += labels(c)
    return out


def height(t) -> int:
    best = 0
    for c in t[1]:
        best = max(best, height(c))
    return 1 + best


def run(d: int) -> tuple:
    t = build(1, d)
    return (labels(t), height(t), len(t[1]))


def run_var(d: int, fan: int) -> tuple:
    t = build_var(1, d, fan)
    return (len(labels(t)), height(t), t)


# run: run(0)
# run: run(3)
# run: run_var(2, 3)
# run: run_var(3, 0)
