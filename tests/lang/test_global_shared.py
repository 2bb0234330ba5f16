"""Module-level lists, dicts and sets shared between scripted code and Python, where one
program run is not enough to see it (frontend/shared_globals.py; docs/language.md,
"Module-level values and defaults"): what scripted code changes, Python sees after the
call; what Python changes between calls, the next call sees; a list default left out by
a scripted caller is the function's own `__defaults__` object.  Every test loads its
module afresh and runs interpreted and natively.
"""
from __future__ import annotations

import sys

import pytest

import pts
from pts.errors import CompileError

from test_global_values import load

BACKENDS = ["interp", "native"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_scripted_changes_are_seen_by_python(tmp_path, backend):
    m = load(tmp_path, f"shared_append_{backend}", """
        LOG = [0]

        def push(x: int) -> None:
            LOG.append(x)

        def run(n: int) -> int:
            for i in range(n):
                push(i * i)
            LOG[0] = -1
            return len(LOG)
    """)
    log = m.LOG
    f = pts.script(m.run, backend=backend)
    assert f(3) == 4
    assert m.LOG is log and log == [-1, 0, 1, 4]        # the module's own list, changed
    assert f(1) == 5 and log == [-1, 0, 1, 4, 0]        # the next call starts from there
    assert m.run(1) == 6 and log[-1] == 0               # and CPython agrees


@pytest.mark.parametrize("backend", BACKENDS)
def test_python_changes_between_calls_are_seen(tmp_path, backend):
    m = load(tmp_path, f"shared_between_{backend}", """
        WEIGHTS = [1.0, 2.0]
        NAMES = {"a": 1}

        def score() -> float:
            s = 0.0
            for w in WEIGHTS:
                s += w
            return s + len(NAMES) * 100.0
    """)
    f = pts.script(m.score, backend=backend)
    assert f() == 103.0
    m.WEIGHTS.append(4.0)                 # in place
    m.NAMES["b"] = 2
    assert f() == 207.0
    m.WEIGHTS = [0.5]                     # rebound to a list of the same type
    assert f() == 200.5
    m.WEIGHTS = [1, 2]                    # rebound to another type: compiled again
    assert f() == 203.0 == m.score()
    m.WEIGHTS = []                        # empty: any list fits the compiled code
    assert f() == 200.0 == m.score()


@pytest.mark.parametrize("backend", BACKENDS)
def test_dict_of_lists_changed_in_place(tmp_path, backend):
    m = load(tmp_path, f"shared_dict_{backend}", """
        BODIES = {"sun": ([0.0, 0.0], 10.0), "moon": ([1.0, 2.0], 1.0)}
        SYSTEM = list(BODIES.values())

        def nudge(ref: str, dx: float) -> float:
            (pos, mass) = BODIES[ref]
            pos[0] += dx
            total = 0.0
            for (p, m) in SYSTEM:        # the same lists, reached through another global
                total += p[0] * m
            return total
    """)
    f = pts.script(m.nudge, backend=backend)
    assert f("sun", 0.5) == 0.5 * 10.0 + 1.0 * 1.0
    assert m.BODIES["sun"][0] == [0.5, 0.0]
    assert m.SYSTEM[0][0] is m.BODIES["sun"][0]          # aliasing kept
    assert f("moon", 1.0) == 0.5 * 10.0 + 2.0 * 1.0
    assert m.BODIES["moon"][0] == [2.0, 2.0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_default_shared_by_scripted_and_python_calls(tmp_path, backend):
    m = load(tmp_path, f"shared_default_{backend}", """
        from typing import List

        def remember(x: int, seen: List[int] = []) -> int:
            seen.append(x)
            return len(seen)

        def twice(x: int) -> int:
            remember(x)
            return remember(x + 1)
    """)
    f = pts.script(m.twice, backend=backend)
    assert f(1) == 2
    assert m.remember.__defaults__[0] == [1, 2]
    assert m.remember(7) == 3                            # Python's call: the same list
    g = pts.script(m.remember, backend=backend)
    assert g(8) == 4                                     # a scripted call from Python too
    assert f(0) == 6 and m.remember.__defaults__[0] == [1, 2, 7, 8, 0, 1]


@pytest.mark.parametrize("backend", BACKENDS)
def test_set_global_and_memo_dict(tmp_path, backend):
    m = load(tmp_path, f"shared_memo_{backend}", """
        MEMO = {0: 0, 1: 1}
        SEEN = {0}

        def fib(n: int) -> int:
            SEEN.add(n)
            if n in MEMO:
                return MEMO[n]
            v = fib(n - 1) + fib(n - 2)
            MEMO[n] = v
            return v
    """)
    f = pts.script(m.fib, backend=backend)
    assert f(30) == 832040
    assert len(m.MEMO) == 31 and m.MEMO[30] == 832040
    assert m.SEEN == set(range(31))


def test_model_method_refuses_shared_globals(tmp_path):
    m = load(tmp_path, "shared_refused", """
        ROWS = [1, 2]

        def count(x: int) -> int:
            ROWS.append(x)
            return len(ROWS)

        class Counter:
            def forward(self, x: int) -> int:
                ROWS.append(x)
                return len(ROWS)
    """)
    with pytest.raises(CompileError, match="which a model.s method cannot share with Python: pass it as an argument"):
        pts.script(m.Counter())(1)
    f = pts.script(m.count)
    assert f(3) == 3
    assert m.ROWS == [1, 2, 3]


def test_global_that_cannot_be_passed_any_more(tmp_path):
    m = load(tmp_path, "shared_mixed_later", """
        ROWS = [1, 2]

        def count() -> int:
            return len(ROWS)
    """)
    f = pts.script(m.count, backend="native")
    assert f() == 2
    m.ROWS.append("three")                # no longer a pts list: compiling again refuses it
    with pytest.raises(CompileError, match="module-level list 'ROWS' cannot be shared"):
        f()


@pytest.mark.parametrize("backend", BACKENDS)
def test_read_only_list_follows_python_changes(tmp_path, backend):
    """A list a function only reads folds in as a constant (fast: no list crosses the
    boundary); each call checks that the module's list still equals it, and compiles
    again (sharing the list from then on) when Python changed it."""
    m = load(tmp_path, f"shared_folded_{backend}", """
        DIGITS = ["zero", "one", "two"]

        def spell(i: int) -> str:
            return DIGITS[i] if i < len(DIGITS) else "?"
    """)
    f = pts.script(m.spell, backend=backend)
    assert [f(1), f(3)] == ["one", "?"]
    m.DIGITS.append("three")
    assert f(3) == "three" == m.spell(3)
    m.DIGITS[0] = "nil"
    assert f(0) == "nil"
    m.DIGITS = ["a"]
    assert f(0) == "a" and f(1) == "?"


# ---------------------------------------------------------------- archives

def test_archive_holds_the_shared_state(tmp_path):
    """pts.save keeps a shared global's value at save time as the archive's initial value;
    a loaded archive holds the object in memory, changed by its calls as the Python
    function changes the module's (each pts.load starts afresh); the file is never written;
    a folded list is simply in the code."""
    m = load(tmp_path, "shared_archive", """
        from typing import Dict, List, Set
        LOG: List[int] = [0]
        COUNTS: Dict[str, int] = {}
        SEEN: Set[int] = set()
        NAMES = ["zero", "one", "two"]

        def visit(k: int) -> str:
            LOG.append(k)
            SEEN.add(k % 3)
            key = NAMES[k % 3]
            COUNTS[key] = COUNTS.get(key, 0) + 1
            return key + ":" + str(COUNTS[key]) + "/" + str(len(LOG)) + "/" + str(len(SEEN))

        def total(scale: float) -> float:
            return sum(LOG) * scale
    """)
    f, g = pts.script(m.visit), pts.script(m.total)
    assert f(4) == "one:1/2/1"
    path = tmp_path / "visit.pts"
    pts.save(f, str(path))
    saved = path.read_bytes()
    want = [m.visit(k) for k in (5, 7, 3)]          # Python, from the state at save time
    a, b = pts.load(str(path)), pts.load(str(path))
    assert [a(k) for k in (5, 7, 3)] == want
    assert b(5) == want[0]                           # another load: its own state
    assert path.read_bytes() == saved
    assert "shared" in pts.load(str(path)).manifest
    gpath = tmp_path / "total.pts"
    pts.save(g, str(gpath), example_inputs=[(2.0,)])
    assert pts.load(str(gpath))(0.5) == m.total(0.5)


def test_pts_run_refuses_shared_state_by_name(tmp_path):
    import os
    import subprocess
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "runtime"))
    from ptsbuild import build_runtime
    m = load(tmp_path, "shared_archive_c", """
        LOG = [0]
        TABLE = [2, 3, 5]

        def push(k: int) -> int:
            LOG.append(k)
            return len(LOG)

        def prime(i: int) -> int:
            return TABLE[i] * 10
    """)
    push_path, prime_path = tmp_path / "push.pts", tmp_path / "prime.pts"
    pts.save(pts.script(m.push), str(push_path), example_inputs=[(1,)])
    pts.save(pts.script(m.prime), str(prime_path), example_inputs=[(1,)])
    runtime = build_runtime()
    r = subprocess.run([str(runtime / "pts-run"), str(push_path), "3"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode != 0
    assert "shares module-level state with Python" in r.stderr
    assert "run the archive from Python (pts.load)" in r.stderr
    r = subprocess.run([str(runtime / "pts-run"), str(prime_path), "2"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "50"     # a folded list: in the code


def test_archive_holds_a_list_default(tmp_path):
    """A list default is stored with its value at save time; the loaded function's calls
    that leave it out share one object, as CPython's calls share the function's."""
    m = load(tmp_path, "default_archive", """
        from typing import List

        def remember(x: int, seen: List[int] = [5]) -> int:
            seen.append(x)
            return len(seen) * 100 + sum(seen)
    """)
    f = pts.script(m.remember)
    assert (f(1), f(2)) == (206, 308)
    path = tmp_path / "remember.pts"
    pts.save(f, str(path))
    loaded = pts.load(str(path))
    assert [loaded(3), loaded(4), loaded(0, [1])] == [m.remember(3), m.remember(4),
                                                      m.remember(0, [1])]
    assert pts.load(str(path))(3) == 411


@pytest.mark.parametrize("backend", BACKENDS)
def test_memoize_closure_dict_is_shared_and_typed_by_its_annotation(tmp_path, backend):
    # Rosetta's memoize: the decorator's empty dict, annotated where memoize assigns it,
    # is the one object every call of the wrapper (scripted or Python) fills
    m = load(tmp_path, f"memo_closure_{backend}", """
        import functools
        from typing import Dict

        def memoize(func):
            cache: Dict[int, int] = {}

            def memoized(key) -> int:
                if key not in cache:
                    cache[key] = func(key)
                return cache[key]
            return functools.update_wrapper(memoized, func)

        @memoize
        def fib(n) -> int:
            return n if n < 2 else fib(n - 1) + fib(n - 2)

        @memoize
        def sq(n) -> int:
            return n * n

        def both(n: int) -> int:
            return fib(n) * 10 + sq(n)
    """)
    cache = dict(zip(m.fib.__code__.co_freevars, (c.cell_contents for c in m.fib.__closure__)))["cache"]
    f = pts.script(m.both, backend=backend)
    assert f(80) == 23416728348467685 * 10 + 6400      # exponential without the cache
    assert cache[80] == 23416728348467685 and len(cache) == 81     # Python sees it filled
    cache[3] = -5                                        # and the next call sees Python's
    assert f(3) == -5 * 10 + 9


def test_empty_closure_dict_without_annotation_is_refused(tmp_path):
    m = load(tmp_path, "memo_closure_bare", """
        def memoize(func):
            cache = {}

            def memoized(key) -> int:
                if key not in cache:
                    cache[key] = func(key)
                return cache[key]
            return memoized

        @memoize
        def sq(n) -> int:
            return n * n

        def run(n: int) -> int:
            return sq(n)
    """)
    with pytest.raises(CompileError, match=r"the dict 'cache' that memoized\(\) closes over "
                                           r"is empty .* annotate it"):
        pts.script(m.run)(3)


def test_rebound_names_and_random_through_archives(tmp_path):
    """An entry that rebinds a module-level name (`global`) or draws from `random`: pts.load
    runs it on the archive's own state (the value at save time), pts-run refuses it by
    name."""
    import os
    import random
    import subprocess
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "runtime"))
    from ptsbuild import build_runtime
    m = load(tmp_path, "rebind_archive", """
        import random
        count = 10

        def bump(k: int) -> int:
            global count
            count += k
            return count

        def draw(s: int) -> float:
            random.seed(s)
            return random.random()
    """)
    bump_path, draw_path = tmp_path / "bump.pts", tmp_path / "draw.pts"
    pts.save(pts.script(m.bump), str(bump_path), example_inputs=[(1,)])
    pts.save(pts.script(m.draw), str(draw_path), example_inputs=[(1,)])
    b = pts.load(str(bump_path))
    assert [b(2), b(3)] == [12, 15]                  # from count = 10 at save time
    random.seed(4)
    want = random.random()
    assert pts.load(str(draw_path))(4) == want
    runtime = build_runtime()
    for path in (bump_path, draw_path):
        r = subprocess.run([str(runtime / "pts-run"), str(path), "3"], capture_output=True,
                           text=True, timeout=60)
        assert r.returncode != 0 and "shares module-level state with Python" in r.stderr
