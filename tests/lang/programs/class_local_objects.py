"""Objects that never leave their function once methods are inlined (the ones
ir/passes/scalarize_objects.py turns into their fields' values): written on the arms of
ifs, in loops, before and inside try blocks, inside other local objects, tested with
isinstance and `is`, a field set on one path only."""
from typing import Optional, Union


class V:
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y

    def __add__(self, o: "V") -> "V":
        return V(self.x + o.x, self.y + o.y)

    def scale(self, k: float) -> "V":
        return V(self.x * k, self.y * k)

    def dot(self, o: "V") -> float:
        return self.x * o.x + self.y * o.y


class Seg:
    def __init__(self, a: V, b: V):
        self.a = a
        self.b = b

    def mid(self) -> V:
        return (self.a + self.b).scale(0.5)


class Tally:
    def __init__(self):
        self.n = 0
        self.total = 0.0
        self.last: Optional[float] = None


class Cat:
    def __init__(self, w: float):
        self.w = w


class Dog:
    def __init__(self, w: float):
        self.w = w


def walk(n: int) -> float:
    """A position and a velocity replaced every step, a bounce on one arm of an if."""
    p = V(0.0, 0.0)
    v = V(1.0, 0.5)
    for i in range(n):
        p = p + v.scale(0.1)
        if p.x > 3.0:
            v = V(-v.x, v.y)
            p = V(3.0, p.y)
        elif p.x < 0.0:
            v = V(-v.x, v.y)
    return p.dot(V(1.0, 2.0)) + v.x


def tally(n: int) -> float:
    """An object whose fields change in a loop, one of them only on some iterations."""
    t = Tally()
    for i in range(n):
        t.n += 1
        if i % 3 == 0:
            t.total += i * 0.5
            t.last = float(i)
    last = t.last
    return t.total + t.n + (last if last is not None else -1.0)


def nested(k: float) -> float:
    """A segment of two fresh vectors, its midpoint, all local."""
    s = Seg(V(k, 1.0), V(3.0, -k))
    m = s.mid()
    s.b = m
    return s.mid().dot(V(1.0, 1.0)) + s.a.x


def guarded(a: int, b: int) -> float:
    """Fields written before a division that may raise, read in the handler."""
    t = Tally()
    t.total = 1.5
    try:
        t.n = a // b
        t.total = 2.5
    except ZeroDivisionError:
        return t.total + t.n - 10.0
    return t.total + t.n


def pick(heavy: bool, w: float) -> float:
    """isinstance on a fresh object of one of two unrelated classes."""
    pet: Union[Cat, Dog] = Cat(w) if not heavy else Dog(w * 3.0)
    if isinstance(pet, Dog):
        return pet.w + 100.0
    return pet.w


def same(k: int) -> int:
    """`is` between fresh objects."""
    a = V(1.0, 2.0)
    b = a if k > 0 else V(1.0, 2.0)
    return (1 if a is b else 0) + (2 if a is a else 0)


def late(flag: bool) -> float:
    """A field set on one path only and read on that path only."""
    t = Tally()
    if flag:
        t.total = 4.0
    t.n = 2
    if flag:
        return t.total * t.n
    return float(t.n)


# run: walk(0)
# run: walk(100)
# run: tally(10)
# run: tally(0)
# run: nested(2.0)
# run: guarded(7, 2)
# run: guarded(7, 0)
# run: pick(True, 1.5)
# run: pick(False, 1.5)
# run: same(1)
# run: same(0)
# run: late(True)
# run: late(False)
