"""Lists that start small and grow: natively a small list is carved from the call's blocks
(its data right after its header) until its first growth moves the data to a block of its
own, which later growths reallocate (backend/codegen.py list_new / list_reserve).  Lists
grown by their maker, inside objects, inside other lists, in recursive calls, copied and
repeated while small, returned to Python; a large one made at once; one passed in."""
from typing import List


class Bag:
    def __init__(self):
        self.items: List[int] = []
        self.names: List[str] = []


def grow(n: int) -> int:
    """One list through every growth from 4 elements to n."""
    xs = []
    for i in range(n):
        xs.append(i * 3)
    return sum(xs) + len(xs)


def many(n: int) -> int:
    """n small lists alive together, each grown past its first capacity every 3rd time."""
    rows: List[List[int]] = []
    for i in range(n):
        row = [i, i + 1]
        if i % 3 == 0:
            for k in range(9):
                row.append(k)
        rows.append(row)
    total = 0
    for r in rows:
        total += sum(r) * len(r)
    return total


def bags(n: int) -> int:
    """Lists held by objects, grown after the objects are stored in a list."""
    bs = [Bag() for _ in range(5)]
    for i in range(n):
        b = bs[i % 5]
        b.items.append(i)
        if i % 4 == 0:
            b.names.append("x" * (i % 7))
    total = 0
    for b in bs:
        total += sum(b.items) + len(b.names) + sum(len(s) for s in b.names)
    return total


def fill(xs: List[int], depth: int) -> None:
    if depth == 0:
        return
    xs.append(depth)
    fill(xs, depth - 1)
    xs.append(-depth)


def recursive(depth: int) -> int:
    """A list grown by a recursive callee (a call that is not inlined)."""
    xs = [0]
    fill(xs, depth)
    return sum(x * i for i, x in enumerate(xs))


def copies(n: int) -> List[int]:
    """Copies and repeats of a small list, grown afterwards, returned to Python."""
    a = [1, 2, 3]
    b = a[:]
    c = a * 2
    for i in range(n):
        b.append(i)
        c.append(-i)
    a.append(99)
    return a + b + c


def big(n: int) -> int:
    """A list too large to be carved, made at once and grown."""
    xs = [1] * n
    for i in range(n):
        xs.append(i)
    return sum(xs)


def passed(xs: List[int], n: int) -> int:
    """A list from the caller grown by the compiled code (and seen grown after)."""
    for i in range(n):
        xs.append(i)
    return len(xs)


# run: grow(0)
# run: grow(3)
# run: grow(5)
# run: grow(10000)
# run: many(3000)
# run: bags(2000)
# run: recursive(300)
# run: copies(0)
# run: copies(50)
# run: big(100)
# run: big(5000)
# run: passed([1, 2, 3], 100)
