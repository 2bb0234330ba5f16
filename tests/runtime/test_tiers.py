"""Compilation in tiers (backend.jit): a first call runs tier-0 code (LLVM's fast code
generator, no LLVM optimization) while the worker thread compiles tier 2 (-O3); then the
function's entry is swapped, in the C dispatcher and in Python.

Deterministic by construction: PTS_TIER=fast / opt force one tier, `pts.wait_optimized()`
waits for the worker, and a job that blocks the worker holds tier 2 back where a test needs
to see tier 0.  No timing is asserted."""
import json
import math
import os
import subprocess
import sys
import textwrap
import threading
from typing import List

import pytest

import pts
from pts.backend import jit


def collatz(n: int) -> int:
    best = 0
    for s in range(1, n):
        k, steps = s, 0
        while k != 1:
            k = k // 2 if k % 2 == 0 else 3 * k + 1
            steps += 1
        best = max(best, steps)
    return best


def primes(n: int) -> int:
    count = 0
    for k in range(2, n):
        ok = True
        i = 2
        while i * i <= k:
            if k % i == 0:
                ok = False
                break
            i += 1
        if ok:
            count += 1
    return count


def integral(n: int) -> float:
    h = 10.0 / n
    total = 0.0
    for i in range(n):
        x = (i + 0.5) * h
        total += math.sqrt(x) * math.exp(-x) * math.sin(x)
    return total * h


def mixed(xs: List[int], d: int) -> float:
    s = 0.0
    for i in range(len(xs)):
        s += xs[i] // d + (xs[-1 - i] % d) * 0.5
    xs.append(int(s))
    return s


def counting(n: int, step: int) -> int:
    # counters from negative starts, with steps, and going down: none of these adds may
    # be marked no-wrap wrongly
    s = 0
    i = -5
    while i < n:
        s += i % 7 - i // 3
        i += step
    j = n
    while j > -n:
        s ^= j
        j -= 1
    return s


def fails(a: int, b: int) -> int:
    q = 0
    for i in range(a):
        q += 100 // (b - i)
    return q


CASES = [(collatz, (3000,)), (primes, (5000,)), (integral, (20000,)),
         (mixed, ([3, -7, 11, 0, 5], 4)), (counting, (1000, 3)), (counting, (50, 1)),
         (fails, (3, 10))]


@pytest.fixture
def no_disk_cache(monkeypatch):
    monkeypatch.setenv("PTS_CACHE", "0")     # a cache hit would skip tier 0


def run_in_tier(monkeypatch, tier, fn, args):
    monkeypatch.setenv("PTS_TIER", tier)
    f = pts.script(fn)
    list_args = [list(a) if isinstance(a, list) else a for a in args]
    result = f(*list_args)
    return result, list_args, f.compiled(tuple(args)).tier


@pytest.mark.parametrize("fn,args", CASES, ids=lambda x: getattr(x, "__name__", ""))
def test_tiers_give_identical_results(monkeypatch, no_disk_cache, fn, args):
    expected_args = [list(a) if isinstance(a, list) else a for a in args]
    expected = fn(*expected_args)
    fast = run_in_tier(monkeypatch, "fast", fn, args)
    opt = run_in_tier(monkeypatch, "opt", fn, args)
    assert fast[2] == 0 and opt[2] == 2
    for result, after, _ in (fast, opt):
        assert type(result) is type(expected)
        assert result == expected or math.isclose(result, expected, rel_tol=1e-12)
        assert after == expected_args          # list mutation seen by the caller


def test_tiers_raise_identical_errors(monkeypatch, no_disk_cache):
    messages = []
    for tier in ("fast", "opt"):
        monkeypatch.setenv("PTS_TIER", tier)
        f = pts.script(fails)
        with pytest.raises(ZeroDivisionError) as e:
            f(20, 5)
        messages.append(str(e.value))
    assert messages[0] == messages[1] and "integer division or modulo by zero" in messages[0]


def hold_worker():
    """Block the worker thread until the returned event is set (tier 2 waits meanwhile)."""
    started, release = threading.Event(), threading.Event()

    def job():
        started.set()
        release.wait(60)
    jit.submit(job)
    assert started.wait(60)
    return release


def test_first_call_runs_tier0_then_tier2_is_swapped_in(monkeypatch, no_disk_cache):
    monkeypatch.setenv("PTS_TIER", "auto")
    pts.wait_optimized()
    release = hold_worker()
    try:
        before = dict(jit.STATS)
        f = pts.script(collatz)
        assert f(1000) == collatz(1000)
        c = f.compiled((1000,))
        assert c.tier == 0
        assert jit.STATS["fast_compiles"] == before["fast_compiles"] + 1
        assert jit.STATS["llvm_compiles"] == before["llvm_compiles"]    # no -O3 yet
        assert f(1000) == collatz(1000)          # the C dispatcher calls tier 0
    finally:
        release.set()
    assert pts.wait_optimized(120)
    assert c.tier == 2 and f.compiled((1000,)) is c
    assert jit.STATS["llvm_compiles"] == before["llvm_compiles"] + 1
    assert f._entry_count() == 1                 # swapped, not added
    assert f(1000) == collatz(1000) and f(2000) == collatz(2000)


def test_swaps_under_concurrent_calls(monkeypatch, no_disk_cache):
    """Threads call the function through the C dispatcher and the Python path while its
    entry is swapped back and forth between the tiers many times."""
    monkeypatch.setenv("PTS_TIER", "auto")
    f = pts.script(primes)
    assert f(200) == primes(200)
    pts.wait_optimized()
    c = f.compiled((200,))
    tier0 = jit.compile_fast(c.module)
    tier2 = c.native
    expected = {n: primes(n) for n in (50, 200, 700)}
    errors, stop = [], threading.Event()

    def caller(k):
        n = (50, 200, 700)[k % 3]
        while not stop.is_set():
            try:
                r = f(n) if k % 2 else f._slow_call(n)
                if r != expected[n]:
                    errors.append((n, r))
            except BaseException as e:      # noqa: BLE001 - reported below
                errors.append(e)

    threads = [threading.Thread(target=caller, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    try:
        for i in range(300):
            c.swap(tier0 if i % 2 == 0 else tier2)
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert errors == []
    assert c.tier == 2 and f._entry_count() == 1
    assert f(700) == expected[700]


def test_timings_log_has_both_tiers(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent("""\
        import pts

        @pts.script
        def add(a: int, b: int) -> int:
            return a + b

        print(add(1, 2))
        pts.wait_optimized()
        """))
    env = dict(os.environ, PTS_LOG="timings", PTS_TIER="auto", PTS_CACHE_DIR=str(tmp_path / "c"))
    r = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    lines = [l for l in r.stderr.splitlines() if l.startswith("pts: timings")]
    assert len(lines) == 2, r.stderr
    [tier0] = [l for l in lines if "add(i64, i64): compiled (tier 0)" in l]
    for phase in ("parse", "check", "lower", "passes", "llvm-ir", "load"):
        assert f" {phase} " in tier0, tier0
    [tier2] = [l for l in lines if "add(i64, i64): optimized (tier 2" in l]   # may come first
    assert " llvm " in tier2 and " store " in tier2, tier2


RUNNER = """\
import json, sys
sys.path.insert(0, {dir!r})
import pts
import prog
result = prog.f(30)
from pts.backend.jit import STATS
from pts.cache import compiler_fingerprint
c = prog.f.compiled((30,))
print(json.dumps({{"result": result, "tier": c.tier, "stats": STATS,
                  "compiler": compiler_fingerprint()}}))
"""


def run_prog(tmp_path, **env):
    e = dict(os.environ, PTS_CACHE_DIR=str(tmp_path / "cache"), PTS_TIER="auto", **env)
    e.pop("PTS_LOG", None)
    r = subprocess.run([sys.executable, "-c", RUNNER.format(dir=str(tmp_path))],
                       capture_output=True, text=True, env=e, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_short_process_saves_tier2_for_the_next(tmp_path):
    """A process that exits right after its first call still writes the optimized code to
    the disk cache (at exit), and the next process loads it: no LLVM, tier 2 at once."""
    (tmp_path / "prog.py").write_text(textwrap.dedent("""\
        import pts

        @pts.script
        def f(n: int) -> int:
            s = 0
            for i in range(n):
                s += i * i % 7
            return s
        """))
    expected = sum(i * i % 7 for i in range(30))
    first = run_prog(tmp_path)
    assert first["result"] == expected and first["stats"]["fast_compiles"] == 1
    second = run_prog(tmp_path)
    if second["compiler"] != first["compiler"]:
        pytest.skip("the pts sources changed during the test: every cache entry is stale")
    assert second["result"] == expected and second["tier"] == 2
    assert second["stats"]["llvm_compiles"] == 0 and second["stats"]["fast_compiles"] == 0
    assert second["stats"]["cache_loads"] == 1


PRELOAD_RUNNER = """\
import sys
sys.path.insert(0, {dir!r})
import pts
imported = ["llvmlite" in sys.modules]
import prog                          # @pts.script: preloads, unless the cache has prog.f
imported.append("llvmlite" in sys.modules)
from pts.cache import compiler_fingerprint
print(*imported, prog.f(5), compiler_fingerprint())
"""


def test_preload_at_decoration_unless_cached(tmp_path):
    """`import pts` imports no compiler; `@pts.script` preloads it (so the first call only
    compiles), except for a function the disk cache has code for; PTS_PRELOAD=0 never."""
    (tmp_path / "prog.py").write_text(textwrap.dedent("""\
        import pts

        @pts.script
        def f(n: int) -> int:
            return n * 3
        """))
    code = PRELOAD_RUNNER.format(dir=str(tmp_path))
    outs = []
    for preload, cache in (("0", "a"), ("1", "b"), ("1", "b"), ("always", "b")):
        env = dict(os.environ, PTS_PRELOAD=preload, PTS_CACHE_DIR=str(tmp_path / cache),
                   PTS_TIER="opt")
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, timeout=120)
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout.split())
    if len({o.pop() for o in outs}) != 1:
        pytest.skip("the pts sources changed during the test: the cache entry is stale")
    assert outs[0] == ["False", "False", "15"]       # never preloaded: compiled lazily
    assert outs[1] == ["False", "True", "15"]        # preloaded at the decoration
    assert outs[2] == ["False", "False", "15"]       # the cache has f: no preload
    assert outs[3] == ["False", "True", "15"]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_fork_while_the_worker_optimizes(monkeypatch, no_disk_cache):
    """A child forked while the worker runs LLVM must not inherit its locks: fork waits for
    the job; the child compiles on its own."""
    import time
    monkeypatch.setenv("PTS_TIER", "auto")
    jit.submit(lambda: time.sleep(0.3))
    f = pts.script(collatz)
    assert f(100) == collatz(100)          # its tier-2 job is queued behind the sleep
    pid = os.fork()
    if pid == 0:                           # the child: compile something new, both tiers
        code = 1
        try:
            g = pts.script(primes)
            ok = g(300) == primes(300) and f(200) == collatz(200)
            ok = ok and pts.wait_optimized(60) and g.compiled((300,)).tier == 2
            code = 0 if ok else 2
        finally:
            os._exit(code)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung")
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert pts.wait_optimized(120) and f.compiled((100,)).tier == 2


def scaled_sum(x):
    return (x * 2.0 + 1.0).sum()


def test_tensor_code_skips_tier0(monkeypatch, no_disk_cache):
    import numpy as np
    monkeypatch.setenv("PTS_TIER", "auto")
    f = pts.script(scaled_sum)
    x = np.arange(6.0)
    assert f(x) == pytest.approx(scaled_sum(x))
    assert f.compiled((x,)).tier == 2           # before any waiting: compiled at -O3
    monkeypatch.setenv("PTS_TIER", "fast")      # forced, tensor code runs at tier 0 too
    g = pts.script(scaled_sum)
    assert g(x) == pytest.approx(scaled_sum(x)) and g.compiled((x,)).tier == 0


def _exit_with_a_saving_job(seconds: float, env: dict) -> subprocess.CompletedProcess:
    code = textwrap.dedent(f"""
        import time
        from pts.backend import jit
        jit.submit(lambda: (time.sleep({seconds}), print("stored", flush=True)), saves=True)
        """)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, **env))


def test_exit_waits_for_a_job_that_saves_and_says_so_past_two_seconds():
    """A process exits after its disk-cache job has finished; a wait over 2 s says on stderr
    what it is for, once; PTS_EXIT_WAIT bounds it (the job is dropped after it)."""
    slow = _exit_with_a_saving_job(3.0, {})
    assert slow.returncode == 0 and slow.stdout == "stored\n"
    assert slow.stderr.count("pts: finishing the optimized code for the disk cache") == 1
    quick = _exit_with_a_saving_job(0.2, {})
    assert quick.stdout == "stored\n" and quick.stderr == ""
    bounded = _exit_with_a_saving_job(30.0, {"PTS_EXIT_WAIT": "1"})
    assert bounded.returncode == 0 and bounded.stdout == "" and bounded.stderr == ""
