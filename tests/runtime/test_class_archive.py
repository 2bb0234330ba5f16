"""Objects of user classes through archives (issue 31 item 1, step 6): an entry whose
classes stay inside it (made, used and dropped by the compiled code; its results are
numbers) is saved, loaded in Python and run from C with pts-run, with CPython's results.
An entry that takes or returns objects runs from Python (pts.load) and pts-run refuses it
by name."""
from __future__ import annotations

import os
import subprocess
import sys
from typing import List, Optional, Union

import pytest

import pts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptsbuild import build_runtime  # noqa: E402


class Vec:
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y

    def __add__(self, o: "Vec") -> "Vec":
        return Vec(self.x + o.x, self.y + o.y)

    def norm2(self) -> float:
        return self.x * self.x + self.y * self.y


class Shape:
    def area(self) -> float:
        return 0.0


class Sq(Shape):
    def __init__(self, s: float):
        self.s = s

    def area(self) -> float:
        return self.s * self.s


class Circ(Shape):
    def __init__(self, r: float):
        self.r = r

    def area(self) -> float:
        return 3.0 * self.r * self.r


class Node:
    def __init__(self, v: int):
        self.v = v
        self.next: Optional[Node] = None


def walk(n: int, d: float) -> float:
    """Vectors summed by __add__, a list of objects."""
    acc = Vec(0.0, 0.0)
    vs: List[Vec] = [Vec(i * d, 1.0) for i in range(n)]
    for v in vs:
        acc = acc + v
    return acc.norm2()


def areas(n: int) -> float:
    """Overridden methods dispatched on the class tag."""
    shapes: List[Shape] = []
    for i in range(n):
        shapes.append(Sq(i) if i % 2 == 0 else Circ(i))
    t = 0.0
    for s in shapes:
        t += s.area()
    return t


def chain(n: int) -> int:
    """A linked list; reading through None raises AttributeError."""
    head: Optional[Node] = None
    for i in range(n):
        x = Node(i)
        x.next = head
        head = x
    t = 0
    while head is not None:
        t += head.v
        head = head.next
    return t


def first_next(n: int) -> int:
    head = Node(n)
    return head.next.v


def move(p: Vec, d: float) -> float:
    p.x += d
    return p.norm2()


class Coin:
    def __init__(self, cents: int):
        self.cents = cents

    def value(self) -> float:
        return self.cents / 100.0


class Note:
    def __init__(self, units: int):
        self.units = units
        self.worn = False

    def value(self) -> float:
        return float(self.units)


def purse(n: int) -> float:
    """Objects of two unrelated classes in one list (a union), made and used inside."""
    items = []
    for i in range(n):
        items.append(Coin(i * 5) if i % 2 == 0 else Note(i))
    return sum(x.value() for x in items)


def richest(items: List[Union[Coin, Note]]) -> Union[Coin, Note]:
    """A list of a union passed in, one of its objects returned (and one changed)."""
    best = items[0]
    for x in items:
        if x.value() > best.value():
            best = x
    if isinstance(best, Note):
        best.worn = True
    return best


# (walk(3000, ...) and chain(5000) fill several of the call's blocks of objects)
CASES = [(walk, (5, 0.5)), (walk, (0, 1.0)), (walk, (3000, 0.25)), (areas, (6,)),
         (chain, (10,)), (chain, (5000,)), (purse, (7,))]


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    d = tmp_path_factory.mktemp("classes")
    out = {}
    for f in (walk, areas, chain, first_next, purse):
        path = d / f"{f.__name__}.pts"
        examples = [args for g, args in CASES if g is f] or [(3,)]
        pts.save(pts.script(f), str(path), example_inputs=examples[:1])
        out[f.__name__] = path
    path = d / "richest.pts"
    pts.save(pts.script(richest), str(path), example_inputs=[([Coin(5), Note(2)],)])
    out["richest"] = path
    path = d / "move.pts"
    pts.save(pts.script(move), str(path), example_inputs=[(Vec(1.0, 2.0), 0.5)])
    out["move"] = path
    return out


@pytest.mark.parametrize("f,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_loaded_in_python(archives, f, args):
    assert pts.load(str(archives[f.__name__]))(*args) == f(*args)


@pytest.mark.parametrize("f,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_run_from_c(archives, f, args):
    runtime = build_runtime()
    r = subprocess.run([str(runtime / "pts-run"), str(archives[f.__name__]),
                        *map(repr, args)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == repr(f(*args)) + "\n"


def test_attribute_error_from_c(archives):
    with pytest.raises(AttributeError, match="'NoneType' object has no attribute 'v'"):
        pts.load(str(archives["first_next"]))(3)
    r = subprocess.run([str(build_runtime() / "pts-run"), str(archives["first_next"]), "3"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "AttributeError" in r.stderr and "'NoneType' object has no attribute 'v'" in r.stderr


def test_object_entry_in_python_refused_by_pts_run(archives):
    g = pts.load(str(archives["move"]))
    p, q = Vec(1.0, 2.0), Vec(1.0, 2.0)
    assert g(p, 0.5) == move(q, 0.5)
    assert (p.x, p.y) == (q.x, q.y)
    r = subprocess.run([str(build_runtime() / "pts-run"), str(archives["move"]), "1.0", "0.5"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "move" in r.stderr and "object" in r.stderr


def test_union_entry_in_python(archives):
    """Objects of a union cross into an archive's code and back as the caller's objects
    (the one the code changed written back); pts-run refuses the entry by name."""
    g = pts.load(str(archives["richest"]))
    items = [Coin(150), Note(1), Note(3), Coin(20)]
    best = g(items)
    assert best is items[2] and best.worn and not items[1].worn
    assert g([Coin(500), Note(2)]) is not None and type(g([Coin(500), Note(2)])) is Coin
    r = subprocess.run([str(build_runtime() / "pts-run"), str(archives["richest"]), "[]"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "richest" in r.stderr
