"""Generator objects shared with Python, where one program run is not enough to see it
(frontend/generator_frames.py; docs/language.md, "Iteration"): a module-level generator
(`Random = genRandom()`) that scripted functions advance, one after the other and with
Python in between; a generator a scripted function returns, iterated by Python.  Every
test loads its module afresh and compares the scripted run with CPython's on another
fresh module.
"""
from __future__ import annotations

import pytest

import pts
from pts.errors import CompileError

from test_global_values import load

BACKENDS = ["interp", "native"]

COUNTER = """
    from typing import List

    def counter(start: int, step: int):
        n = start
        while True:
            yield n
            n += step

    Counter = counter(10, 3)

    def draw_two() -> int:
        return next(Counter) * 100 + next(Counter)

    def draw_list(k: int) -> List[int]:
        f = Counter.__next__
        return [f() for _ in range(k)]

    def make(n: int):
        return counter(n, 1)
"""


def _calls(m, wrap):
    two, many = wrap(m.draw_two), wrap(m.draw_list)
    return [two(), many(3), next(m.Counter), two(), many(2)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_global_generator_shared_by_functions_and_python(tmp_path, backend):
    want = _calls(load(tmp_path, f"gen_counter_py_{backend}", COUNTER), lambda f: f)
    m = load(tmp_path, f"gen_counter_{backend}", COUNTER)
    got = _calls(m, lambda f: pts.script(f, backend=backend))
    assert got == want == [1013, [16, 19, 22], 25, 2831, [34, 37]]
    assert type(m.Counter).__name__ == "counter.generator"      # the frame pts took over


@pytest.mark.parametrize("backend", BACKENDS)
def test_returned_generator_iterates_in_python(tmp_path, backend):
    m = load(tmp_path, f"gen_returned_{backend}", COUNTER)
    g = pts.script(m.make, backend=backend)(5)
    assert next(g) == 5 and next(g) == 6
    assert [x for _, x in zip(range(3), g)] == [7, 8, 9]
    assert iter(g) is not None and next(g) == 10


@pytest.mark.parametrize("backend", BACKENDS)
def test_returned_finite_generator_ends_in_python(tmp_path, backend):
    m = load(tmp_path, f"gen_finite_{backend}", """
        def upto(n: int):
            for i in range(n):
                yield i * i

        def make(n: int):
            return upto(n)
    """)
    g = pts.script(m.make, backend=backend)(4)
    assert list(g) == [0, 1, 4, 9]
    with pytest.raises(StopIteration):
        next(g)


@pytest.mark.parametrize("backend", BACKENDS)
def test_started_global_generator_is_refused(tmp_path, backend):
    m = load(tmp_path, f"gen_started_{backend}", COUNTER)
    next(m.Counter)
    with pytest.raises(CompileError, match="Python has already started"):
        pts.script(m.draw_two, backend=backend)()


def test_generator_objects_through_an_archive(tmp_path):
    m = load(tmp_path, "gen_archive", """
        from typing import List

        def fib():
            a, b = 0, 1
            while True:
                yield a
                a, b = b, a + b

        def take(n: int) -> List[int]:
            g = fib()
            draw = g.__next__
            first = [draw() for _ in range(n)]
            return first + [next(g, -1)]
    """)
    f = pts.script(m.take)
    want = m.take(8)
    assert f(8) == want
    path = tmp_path / "take.pts"
    pts.save(f, path)
    assert pts.load(path)(8) == want == [0, 1, 1, 2, 3, 5, 8, 13, 21]
