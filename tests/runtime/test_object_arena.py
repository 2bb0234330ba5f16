"""The blocks native code carves objects from (backend/object_codegen.py) belong to one
call: a context reused for the next call (runtime/native.py keeps one per thread for
scalar signatures) starts without a block, a call that raises half-way leaves nothing
behind for the next, and calls on several threads at once each carve from their own."""
from __future__ import annotations

import threading
from typing import List, Optional

import pytest

import pts


class Cell:
    def __init__(self, v: float, nxt: Optional["Cell"]):
        self.v = v
        self.next = nxt


class Pair:
    def __init__(self, a: Cell, b: List[float]):
        self.a = a
        self.b = b


def cells(n: int, k: float) -> float:
    """Objects that stay alive to the end (a chain of n cells), lists beside them, then a
    walk that reads every one; raises ValueError after making them when k < 0."""
    head: Optional[Cell] = None
    pairs = []
    for i in range(n):
        head = Cell(i * k, head)
        if i % 7 == 0:
            pairs.append(Pair(head, [float(i)] * (i % 5)))
    if k < 0:
        raise ValueError("negative k")
    total = 0.0
    cur = head
    while cur is not None:
        total += cur.v
        cur = cur.next
    for p in pairs:
        total += p.a.v + sum(p.b)
    return total


@pytest.fixture(scope="module")
def native():
    f = pts.script(cells, backend="native")
    f(3, 1.0)
    return f


def calls_in_a_row(f) -> None:
    for n in (5000, 1, 3000, 0, 2000, 7, 4500):
        assert f(n, 0.5) == cells(n, 0.5)
        with pytest.raises(ValueError, match="negative k"):
            f(n + 1000, -1.0)
        assert f(n, 0.25) == cells(n, 0.25)


def test_calls_in_a_row(native):
    """Calls in a row, big and small, some raising, through the C dispatcher (a context
    of its own per call)."""
    calls_in_a_row(native)


def test_reused_context(monkeypatch):
    """The same through runtime/native.py's own scalar path, which keeps one context per
    thread for every call: release must leave it without a block."""
    from pts.runtime import native as native_module
    monkeypatch.setattr(native_module, "DISPATCH", None)
    f = pts.script(cells, backend="native")
    calls_in_a_row(f)


def test_threads(native):
    """Four threads calling at once (the dispatcher releases the GIL during native code)."""
    want = {n: cells(n, 0.5) for n in (800, 1500, 2500, 3500)}
    bad: list = []

    def work(n: int) -> None:
        for _ in range(15):
            got = native(n, 0.5)
            if got != want[n]:
                bad.append((n, got, want[n]))

    threads = [threading.Thread(target=work, args=(n,)) for n in want]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert bad == []
