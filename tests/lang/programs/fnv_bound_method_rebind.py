# A bound method binds its object when it is made: rebinding the name afterwards does not
# change which list it appends to (CPython's semantics, kept by the closure).
from typing import List


def rebind(n: int) -> List[int]:
    a = [1]
    push = a.append
    a = [2]
    push(n)
    return a


def old_object(n: int) -> List[int]:
    a = [1]
    push = a.append
    b = a
    a = [2]
    push(n)
    return b


def per_row(n: int) -> List[List[int]]:
    rows: List[List[int]] = []
    for i in range(n):
        row: List[int] = []
        add = row.append
        for j in range(i):
            add(j * i)
        rows.append(row)
    return rows


# run: rebind(5)
# run: old_object(5)
# run: per_row(4)
