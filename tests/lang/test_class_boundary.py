"""Objects of user classes crossing the Python boundary (issue 31 item 1, step 2), through
the IR interpreter and natively: an object argument is converted by its fields and the
fields the scripted code changed are written back into the same Python object; aliasing is
kept (the same object twice is one object); an object returned is an instance of the user's
class made without calling __init__ (or the caller's own object, when it came in)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import pts

HERE = Path(__file__).resolve().parent / "class_modules" / "boundary_classes.py"


@pytest.fixture(scope="module")
def mod():
    spec = importlib.util.spec_from_file_location("boundary_classes", HERE)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


BACKENDS = ["interp", "native"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_argument_fields_written_back(mod, backend):
    p, want = mod.Point(1.0, 2.0), mod.Point(1.0, 2.0)
    assert pts.script(mod.move, backend=backend)(p, 0.5) == mod.move(want, 0.5)
    assert (p.x, p.y) == (want.x, want.y) == (1.5, 2.0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_returned_object_is_the_users_class(mod, backend):
    r = pts.script(mod.make, backend=backend)(3.0)
    assert type(r) is mod.Point
    assert (r.x, r.y) == (3.0, 6.0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_aliasing_kept(mod, backend):
    same = pts.script(mod.same, backend=backend)
    p = mod.Point(1.0, 2.0)
    assert same(p, p) is True and p.x == 100.0
    q = mod.Point(1.0, 2.0)
    assert same(p, q) is False and q.x == 1.0
    r = pts.script(mod.ident, backend=backend)(q)
    assert r is q and q.y == -1.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_list_of_objects(mod, backend):
    ps = [mod.Point(1.0, 2.0), mod.Point(3.0, 4.0)]
    ps.append(ps[0])
    eager = [mod.Point(1.0, 2.0), mod.Point(3.0, 4.0)]
    eager.append(eager[0])
    assert pts.script(mod.total, backend=backend)(ps) == mod.total(eager) == 12.0
    assert [a.x for a in ps] == [a.x for a in eager]
    assert ps[0] is ps[2]


@pytest.mark.parametrize("backend", BACKENDS)
def test_linked_structure_returned(mod, backend):
    h = pts.script(mod.chain, backend=backend)(4)
    out = []
    while h is not None:
        assert type(h) is mod.Node
        out.append(h.val)
        h = h.next
    assert out == [0, 1, 2, 3]


@pytest.mark.parametrize("backend", BACKENDS)
def test_object_of_another_class_refused(mod, backend):
    f = pts.script(mod.move, backend=backend)
    f(mod.Point(1.0, 2.0), 1.0)
    with pytest.raises(TypeError):
        f(mod.Node(3), 1.0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_dataclass_in_and_out(mod, backend):
    r = mod.Rec("a", 1.5)
    out = pts.script(mod.bump, backend=backend)(r, 1.0)
    assert r == mod.Rec("a", 2.5)                      # written back
    assert type(out) is mod.Rec and out == mod.Rec("a!", 5.0)
    assert repr(out) == "Rec(name='a!', score=5.0)"


@pytest.mark.parametrize("backend", BACKENDS)
def test_namedtuple_in_and_out(mod, backend):
    out = pts.script(mod.swap, backend=backend)(mod.Pair(1, 2))
    assert type(out) is mod.Pair and out == mod.Pair(2, 1)


@pytest.mark.parametrize("backend", BACKENDS)
def test_dict_and_set_fields(mod, backend):
    """An object whose fields are a dict, a set and a list: the caller's containers are
    changed in place (the same objects, as in CPython); a new object's come back new."""
    inv, want = mod.Inventory(), mod.Inventory()
    for x in (inv, want):
        x.counts["x"] = 2
    counts, tags = inv.counts, inv.tags
    restock = pts.script(mod.restock, backend=backend)
    assert restock(inv, "apple", 3) == mod.restock(want, "apple", 3) == 5
    assert restock(inv, "bean", 1) == mod.restock(want, "bean", 1) == 6
    assert inv.counts is counts and inv.tags is tags
    assert (inv.counts, inv.tags, inv.log) == (want.counts, want.tags, want.log)
    made = pts.script(mod.new_inventory, backend=backend)("k")
    assert type(made) is mod.Inventory
    assert (made.counts, made.tags, made.log) == ({"k": 1}, {"k"}, [])


@pytest.mark.parametrize("backend", BACKENDS)
def test_long_chain_crosses_both_ways(mod, backend):
    """A linked list longer than Python's recursion limit goes in and comes back (the
    native marshalling fills objects from a work list, not by recursing per link)."""
    n = 30000
    head = mod.Node(0)
    cur = head
    for i in range(1, n):
        cur.next = mod.Node(i)
        cur = cur.next
    first = pts.script(mod.bump_all, backend=backend)(head, 10)
    assert type(first) is mod.Node and first.val == -1 and first.next is head
    vals, cur = [], head
    while cur is not None:
        vals.append(cur.val)
        cur = cur.next
    assert vals == [i + 10 for i in range(n)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_fields_the_call_did_not_write_keep_their_values(mod, backend):
    """As in CPython, a field no scripted code wrote keeps the caller's value: p's ints
    stay ints though Point's fields are floats here (q holds floats); the field the call
    set comes back."""
    p, q = mod.Point(1, -2), mod.Point(1.5, 2.0)
    assert pts.script(mod.scale_second, backend=backend)(p, q, 2.0) == 2.0
    assert (p.x, p.y) == (1, -2) and type(p.x) is int and type(p.y) is int
    assert (q.x, q.y) == (3.0, 2.0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_fields_a_record_never_had_stay_absent(mod, backend):
    """Classes of one hierarchy share one native layout (the union of their fields); after
    the call a Python object has the attributes it had, plus those the code set (before,
    every object came back with every field of the hierarchy: CountRec got a `link`)."""
    a, b = mod.CountRec(), mod.LinkRec()
    f = pts.script(mod.count_up, backend=backend)
    assert f(a, b) == 1 and f(a, b) == 2
    assert vars(a) == {"count": 2} and vars(b) == {"link": None}


@pytest.mark.parametrize("backend", BACKENDS)
def test_cycle_of_objects_crosses(mod, backend):
    """a -> b -> a: each object is one record (the work lists stop at objects made
    already), and the caller's two objects come back linked as before."""
    a, b = mod.Node(1), mod.Node(10)
    a.next, b.next = b, a
    assert pts.script(mod.walk_sum, backend=backend)(a, 5) == 1 + 10 + 2 + 11 + 3
    assert a.next is b and b.next is a and (a.val, b.val) == (4, 12)


def test_objects_passed_in_whose_fields_do_not_join_are_refused(mod):
    with pytest.raises(pts.CompileError, match="field 'x' of Point objects passed in is "
                                               "both int and str"):
        pts.script(mod.count_points)([mod.Point(1, 2), mod.Point("a", 2)])
