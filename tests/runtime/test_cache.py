"""The disk cache of compiled code (pts.cache): a fresh process loads unchanged code
without LLVM, and any edit that changes the code - the function, a callee in another file,
a module-level constant - compiles again.  Damaged cache files are ignored and rebuilt.

Each test has its own cache directory and its own modules; subprocesses are fresh Python
processes that print the result and backend.jit.STATS as JSON."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

import pts
from pts import cache
from pts.backend import jit

RUNNER = """\
import json, sys, time
sys.path.insert(0, {dir!r})
t0 = time.perf_counter()
import pts
t1 = time.perf_counter()
import {module} as m
result = m.{func}(*{args!r})
t2 = time.perf_counter()
pts.wait_optimized()
from pts.backend.jit import STATS
from pts.cache import compiler_fingerprint
print(json.dumps({{"result": result, "ms": (t2 - t1) * 1e3, "compiler": compiler_fingerprint(),
                  "stats": {{k: STATS[k] for k in ("llvm_compiles", "cache_loads")}}}}))
"""
_COMPILER: dict = {}     # source dir -> the compiler fingerprint its first run saw


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("PTS_CACHE_DIR", str(d))
    monkeypatch.delenv("PTS_CACHE", raising=False)
    monkeypatch.delenv("PTS_LOG", raising=False)
    # these tests count compiles: LLVM -O3 before the first call, not in the background
    # (tiers and the cache: test_tiers.py)
    monkeypatch.setenv("PTS_TIER", "opt")
    return d


def write(path, text):
    path.write_text(textwrap.dedent(text))


def run(src_dir, module, func, *args, env=None):
    """Call `module.func(*args)` in a fresh process: (result, STATS, stderr)."""
    code = RUNNER.format(dir=str(src_dir), module=module, func=func, args=args)
    e = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", **(env or {}))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120, env=e)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    if _COMPILER.setdefault(str(src_dir), out["compiler"]) != out["compiler"]:
        # someone edited pts itself meanwhile: every entry is stale, rightly
        pytest.skip("the pts sources changed during the test")
    return out["result"], out["stats"], r.stderr


def code_files(cache_dir, suffix):
    return sorted((cache_dir / "code").glob("*" + suffix))


def test_fresh_process_loads_without_llvm(tmp_path, cache_dir):
    write(tmp_path / "prog.py", """\
        import pts

        @pts.script
        def collatz(n: int) -> int:
            steps = 0
            while n != 1:
                n = n // 2 if n % 2 == 0 else 3 * n + 1
                steps += 1
            return steps

        @pts.script
        def twice(x):
            return x + x
        """)
    assert run(tmp_path, "prog", "collatz", 27)[:2] == (111, {"llvm_compiles": 1, "cache_loads": 0})
    assert run(tmp_path, "prog", "collatz", 27)[:2] == (111, {"llvm_compiles": 0, "cache_loads": 1})
    assert len(code_files(cache_dir, ".json")) == len(code_files(cache_dir, ".img")) == 1
    # each signature is an entry of its own
    assert run(tmp_path, "prog", "twice", 3)[:2] == (6, {"llvm_compiles": 1, "cache_loads": 0})
    assert run(tmp_path, "prog", "twice", 1.5)[:2] == (3.0, {"llvm_compiles": 1, "cache_loads": 0})
    assert run(tmp_path, "prog", "twice", 1.5)[:2] == (3.0, {"llvm_compiles": 0, "cache_loads": 1})
    assert len(code_files(cache_dir, ".json")) == 3


def test_editing_a_callee_in_another_file_recompiles(tmp_path, cache_dir):
    write(tmp_path / "main_mod.py", """\
        import pts
        from helpers import step

        @pts.script
        def total(n: int) -> int:
            s = 0
            for i in range(n):
                s += step(i)
            return s
        """)
    write(tmp_path / "helpers.py", """\
        def step(i: int) -> int:
            return i + 1
        """)
    assert run(tmp_path, "main_mod", "total", 10)[:2] == (55, {"llvm_compiles": 1, "cache_loads": 0})
    assert run(tmp_path, "main_mod", "total", 10)[:2] == (55, {"llvm_compiles": 0, "cache_loads": 1})
    write(tmp_path / "helpers.py", """\
        def step(i: int) -> int:
            return i * 2
        """)
    assert run(tmp_path, "main_mod", "total", 10)[:2] == (90, {"llvm_compiles": 1, "cache_loads": 0})
    assert run(tmp_path, "main_mod", "total", 10)[:2] == (90, {"llvm_compiles": 0, "cache_loads": 1})
    # the same callee name bound to another function
    write(tmp_path / "helpers.py", """\
        def double(i: int) -> int:
            return i * 2

        def triple(i: int) -> int:
            return i * 3

        step = triple
        """)
    assert run(tmp_path, "main_mod", "total", 10)[:2] == (135, {"llvm_compiles": 1, "cache_loads": 0})


def test_changed_module_constant_recompiles(tmp_path, cache_dir):
    prog = """\
        import pts
        from consts import OFFSET
        SCALE = {scale}

        @pts.script
        def f(x: int):
            return x * SCALE + OFFSET
        """
    write(tmp_path / "prog.py", prog.format(scale=3))
    write(tmp_path / "consts.py", "OFFSET = 1\n")
    assert run(tmp_path, "prog", "f", 10)[:2] == (31, {"llvm_compiles": 1, "cache_loads": 0})
    assert run(tmp_path, "prog", "f", 10)[:2] == (31, {"llvm_compiles": 0, "cache_loads": 1})
    write(tmp_path / "prog.py", prog.format(scale=5))
    assert run(tmp_path, "prog", "f", 10)[:2] == (51, {"llvm_compiles": 1, "cache_loads": 0})
    write(tmp_path / "consts.py", "OFFSET = 2\n")
    assert run(tmp_path, "prog", "f", 10)[:2] == (52, {"llvm_compiles": 1, "cache_loads": 0})
    write(tmp_path / "consts.py", "OFFSET = 2.5\n")
    assert run(tmp_path, "prog", "f", 10)[:2] == (52.5, {"llvm_compiles": 1, "cache_loads": 0})


def test_corrupt_files_are_ignored_and_rebuilt(tmp_path, cache_dir):
    write(tmp_path / "prog.py", """\
        import pts

        def sq(x: float) -> float:
            return x * x

        @pts.script
        def norm2(a: float, b: float) -> float:
            return sq(a) + sq(b)
        """)
    assert run(tmp_path, "prog", "norm2", 3.0, 4.0)[:2] == (25.0, {"llvm_compiles": 1, "cache_loads": 0})
    [obj] = code_files(cache_dir, ".img")
    [manifest] = code_files(cache_dir, ".json")
    for damage in [lambda: obj.write_bytes(obj.read_bytes()[:100]),            # truncated
                   lambda: obj.write_bytes(b"\x7fELF" + os.urandom(600)),      # garbage
                   lambda: manifest.write_text(manifest.read_text()[:50]),     # truncated
                   lambda: manifest.write_bytes(os.urandom(64))]:              # not JSON
        damage()
        assert run(tmp_path, "prog", "norm2", 3.0, 4.0)[:2] == (25.0, {"llvm_compiles": 1, "cache_loads": 0})
    # rebuilt
    assert run(tmp_path, "prog", "norm2", 3.0, 4.0)[:2] == (25.0, {"llvm_compiles": 0, "cache_loads": 1})


def test_timings_log(tmp_path, cache_dir):
    write(tmp_path / "prog.py", """\
        import pts

        @pts.script
        def add(a: int, b: int) -> int:
            return a + b
        """)
    _, _, err = run(tmp_path, "prog", "add", 1, 2, env={"PTS_LOG": "timings"})
    [line] = [l for l in err.splitlines() if l.startswith("pts: timings")]
    assert "add(i64, i64): compiled" in line
    for phase in ("parse", "check", "lower", "passes", "llvm", "load"):
        assert f" {phase} " in line, line
    _, _, err = run(tmp_path, "prog", "add", 1, 2, env={"PTS_LOG": "timings"})
    [line] = [l for l in err.splitlines() if l.startswith("pts: timings")]
    assert "add(i64, i64): cache hit" in line and "load" in line


# ---------------------------------------------------------------- in this process

K = 2


def scaled(x: int) -> int:
    return x * K


def test_same_content_is_loaded_once_per_process(cache_dir):
    before = dict(jit.STATS)
    assert pts.script(scaled)(4) == 8
    assert jit.STATS["llvm_compiles"] == before["llvm_compiles"] + 1
    assert pts.script(scaled)(5) == 10          # a new wrapper: the loaded code is reused
    assert jit.STATS == {**before, "llvm_compiles": before["llvm_compiles"] + 1}


def test_changed_global_in_process(cache_dir, monkeypatch):
    assert pts.script(scaled)(4) == 8
    monkeypatch.setitem(globals(), "K", 3)
    assert pts.script(scaled)(4) == 12
    monkeypatch.setitem(globals(), "K", True)   # same value, other type: other code
    assert pts.script(scaled)(4) == 4


def test_damaged_manifests_are_misses(cache_dir):
    from pts.ir.types import I64
    assert pts.script(scaled)(4) == 8
    entry = cache.entry_for(scaled, (I64,))
    good = json.loads(open(entry.manifest_path).read())
    assert entry.load() is not None
    for bad in ["", "[]", '{"format": 1}', json.dumps({**good, "format": 99}),
                json.dumps({**good, "key": "0" * 40}), json.dumps({**good, "deps": []}),
                json.dumps({**good, "deps": [{"source": ["x", "y", 1, "z"], "names": {}}]}),
                json.dumps({**good, "params": ["nonsense<"]})]:
        with open(entry.manifest_path, "w") as f:
            f.write(bad)
        assert entry.load() is None, bad


def test_disabled_or_unwritable_cache(tmp_path, cache_dir, monkeypatch):
    monkeypatch.setenv("PTS_CACHE", "0")
    assert pts.script(scaled)(4) == 8
    assert not cache_dir.exists()
    monkeypatch.delenv("PTS_CACHE")
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("PTS_CACHE_DIR", str(blocker / "cache"))
    assert pts.script(scaled)(4) == 8


def test_cli_cache_info_and_clear(cache_dir, capsys):
    from pts.cli import main
    assert pts.script(scaled)(1) == 2
    assert code_files(cache_dir, ".img")
    assert main(["cache", "info"]) == 0
    out = capsys.readouterr().out
    assert str(cache_dir) in out and "entries:   1" in out
    assert main(["cache", "clear"]) == 0
    assert "removed 3 files" in capsys.readouterr().out   # code, manifest, function marker
    assert list((cache_dir / "code").iterdir()) == []
    assert cache.info()["entries"] == 0


def cubed(x: int) -> int:
    return x * x * x


def test_threads_compiling_the_same_code(cache_dir):
    import threading
    results = []
    fns = [pts.script(cubed) for _ in range(4)]
    threads = [threading.Thread(target=lambda f=f: results.append(f(3))) for f in fns]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [27] * 4
    assert len(code_files(cache_dir, ".img")) == 1 and not code_files(cache_dir, ".tmp")


CACHED_RUNNER = """\
import json, sys
sys.path.insert(0, {dir!r})
import pts
import prog
result = prog.f(10)
from pts.cache import STATS, compiler_fingerprint
print(json.dumps({{"result": result, "stats": STATS, "compiler": compiler_fingerprint(),
                  "llvmlite": "llvmlite" in sys.modules,
                  "frontend": "pts.frontend.program" in sys.modules}}))
"""


def test_cached_process_without_preload_needs_no_llvmlite(tmp_path, cache_dir):
    """With PTS_PRELOAD=0 a process whose code comes from the cache maps the saved image:
    llvmlite and the frontend are never imported."""
    write(tmp_path / "prog.py", """\
        import pts
        from helpers import step
        LIMIT = 3

        @pts.script
        def f(n: int) -> int:
            s = 0
            for i in range(n):
                if i % LIMIT != 0:
                    s += step(i)
            return s
        """)
    write(tmp_path / "helpers.py", """\
        def step(i: int) -> int:
            return i * i
        """)
    expected = sum(i * i for i in range(10) if i % 3)
    outs = []
    for preload in ("1", "0", "0"):
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PTS_PRELOAD=preload)
        r = subprocess.run([sys.executable, "-c", CACHED_RUNNER.format(dir=str(tmp_path))],
                           capture_output=True, text=True, timeout=120, env=env)
        assert r.returncode == 0, r.stderr
        outs.append(json.loads(r.stdout.strip().splitlines()[-1]))
    if len({o["compiler"] for o in outs}) != 1:
        pytest.skip("the pts sources changed during the test")
    assert [o["result"] for o in outs] == [expected] * 3
    assert outs[0]["stats"]["llvm_compiles"] == 1
    for o in outs[1:]:
        assert o["stats"] == {"llvm_compiles": 0, "cache_loads": 1, "fast_compiles": 0}
        assert not o["llvmlite"] and not o["frontend"]
    assert len(code_files(cache_dir, ".img")) == 1 and not code_files(cache_dir, ".o")


def test_code_an_image_cannot_hold_is_saved_as_an_object(cache_dir, monkeypatch):
    from pts.backend import link

    def refuse(*args, **kwargs):
        raise link.LinkError("pretend the code needs a symbol no loader provides")
    monkeypatch.setattr(link, "link", refuse)
    monkeypatch.setattr(cache, "_LOADED", {})          # cubed's image may be loaded already
    assert pts.script(cubed)(4) == 64
    assert len(code_files(cache_dir, ".o")) == 1 and not code_files(cache_dir, ".img")
    from pts.ir.types import I64
    monkeypatch.setattr(cache, "_LOADED", {})          # as a fresh process would
    before = dict(jit.STATS)
    native, entry = cache.entry_for(cubed, (I64,)).load()
    assert isinstance(native, jit.NativeModule) and jit.STATS["cache_loads"] == before["cache_loads"] + 1
    from pts.runtime.native import NativeEntry
    assert NativeEntry(native, entry)((5,)) == 125


def test_cached_code_raises_the_users_exception_class(tmp_path, cache_dir):
    """Code loaded from the cache (no frontend ran) still maps a user exception's status
    code to the user's class."""
    write(tmp_path / "excprog.py", """\
        import pts

        class Quota(ValueError):
            pass

        def take(n: int) -> int:
            if n > 3:
                raise Quota("over")
            return n

        def escapes(n: int) -> str:
            try:
                return str(pts.script(take)(n))
            except Quota as e:
                return "Quota " + str(e).splitlines()[0]
        """)
    for stats in ({"llvm_compiles": 1, "cache_loads": 0}, {"llvm_compiles": 0, "cache_loads": 1}):
        assert run(tmp_path, "excprog", "escapes", 5)[:2] == ("Quota over", stats)


def test_constant_rebound_before_the_background_store_is_not_cached_stale(
        tmp_path, cache_dir, monkeypatch):
    # tier 0 runs first and tier-2 code is stored later, in the background: a folded
    # constant rebound in between must be recorded with the value the code folded in
    from pts.backend import jit
    monkeypatch.setenv("PTS_TIER", "auto")
    jobs = []
    monkeypatch.setattr(jit, "submit", lambda job, saves=False: jobs.append(job))
    write(tmp_path / "rebound.py", """\
        SCALE = 3

        def f(x: int) -> int:
            return x * SCALE
        """)
    monkeypatch.syspath_prepend(str(tmp_path))
    import rebound
    assert pts.script(rebound.f)(10) == 30
    assert len(jobs) == 1
    monkeypatch.setattr(rebound, "SCALE", 5)
    jobs[0]()                           # stores the code that folded SCALE = 3
    # a fresh process whose module says SCALE = 5 (f's source unchanged) must not take it
    write(tmp_path / "rebound.py", "SCALE = 5\n\ndef f(x: int) -> int:\n    return x * SCALE\n")
    write(tmp_path / "prog5.py", """\
        import pts
        from rebound import f
        g = pts.script(f)
        """)
    assert run(tmp_path, "prog5", "g", 10)[0] == 50


def test_tensor_first_call_is_stored_without_a_second_compile(tmp_path, cache_dir, monkeypatch):
    """A tensor function's first call compiles its module in parts (jit.compile_module);
    the disk cache's image is those parts linked (jit.image_of), not a second -O3 compile:
    one LLVM compile in the cold process, none in the next, the same result in both and
    eagerly.  math.log is a libm call (the engine's `pts.libm.log`, the image's import)."""
    monkeypatch.setenv("PTS_TIER", "auto")
    write(tmp_path / "prog.py", """\
        import math
        import numpy as np
        import pts

        @pts.script
        def softsum(n: int) -> float:
            x = np.arange(n).astype(np.float64) / n
            e = np.exp(x - np.max(x))
            return float(np.sum(e / np.sum(e)) + np.sum(np.tanh(x))) + math.log(n)
        """)
    import math

    import numpy as np
    x = np.arange(10).astype(np.float64) / 10
    e = np.exp(x - np.max(x))
    expected = float(np.sum(e / np.sum(e)) + np.sum(np.tanh(x))) + math.log(10)
    cold, cold_stats, _ = run(tmp_path, "prog", "softsum", 10)
    assert cold_stats == {"llvm_compiles": 1, "cache_loads": 0}
    assert len(code_files(cache_dir, ".img")) == 1 and not code_files(cache_dir, ".o")
    warm, warm_stats, _ = run(tmp_path, "prog", "softsum", 10)
    assert warm_stats == {"llvm_compiles": 0, "cache_loads": 1}
    assert cold == warm == pytest.approx(expected, rel=1e-12)
