"""Calling compiled functions from Python: per-call overhead, and the GIL.

1. ns per call of `add(a: int, b: int) -> int` from a Python loop: plain CPython, pts
   through the C dispatcher (pts._dispatch), pts through its ctypes fallback (the path
   used when the extension is not built), and Numba @njit if importable.  Each figure is
   the median of `repeats` loops of `calls` calls, in wall time and in the thread's CPU
   time (which other load on the machine does not inflate); nothing is subtracted: the
   cost of the loop with a call of an empty lambda is shown for reference.  The same for
   `affine(x: np.ndarray) -> np.ndarray` (x * 2.0 + 1.0) on a 4-element array, against
   numpy's two ufunc calls: there the call's cost is the array argument in and the new
   array out.
2. The GIL: a compiled loop of about `--ms` milliseconds run by 1 thread, then by 2
   threads at once.  The dispatcher releases the GIL around native calls, so on a machine
   with 2+ free cores the 2-thread wall time should be close to the 1-thread time, not
   twice it, and the process should use about 2 s of CPU per second of wall time.  The
   same experiment with the function run by CPython shows the GIL-bound case.

Timings are printed, never asserted.

    python bench/calls.py [--calls N] [--ms MS]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time

import numpy as np


def add(a: int, b: int) -> int:
    return a + b


def spin(n: int) -> int:
    s = 0
    for i in range(n):
        s = (s * 31 + i) % 1000003
    return s


TABLE = [3, 1, 4, 1, 5, 9, 2, 6]


def folded_reader(i: int) -> int:
    return TABLE[i % len(TABLE)] * 2


def own_list(i: int) -> int:
    t = [3, 1, 4, 1, 5, 9, 2, 6]
    return t[i % len(t)] * 2


def no_list(i: int) -> int:
    return (i % 8) * 2


# ---------------------------------------------------------------- call overhead

def affine(x: np.ndarray) -> np.ndarray:
    return x * 2.0 + 1.0


def per_call_ns(f, calls: int, repeats: int, args: tuple = (1, 2)) -> tuple[float, float]:
    """(wall, thread CPU) ns per call of f(*args), each the median over `repeats` loops."""
    loop = range(calls)

    def once():
        c0, t0 = time.thread_time(), time.perf_counter()
        for _ in loop:
            f(*args)
        return time.perf_counter() - t0, time.thread_time() - c0

    runs = [once() for _ in range(repeats)]
    return (statistics.median(r[0] for r in runs) / calls * 1e9,
            statistics.median(r[1] for r in runs) / calls * 1e9)


def call_overhead(calls: int, repeats: int) -> list[tuple[str, tuple | None, str]]:
    import pts
    rows: list[tuple[str, tuple | None, str]] = []

    rows.append(("lambda a, b: None", per_call_ns(lambda a, b: None, calls, repeats),
                 "the loop and a call of an empty Python function, for reference"))
    rows.append(("CPython", per_call_ns(add, calls, repeats), "plain Python function"))

    f = pts.script(add)
    assert f(1, 2) == 3
    pts.wait_optimized()
    try:
        from pts import _dispatch
        note = f"C dispatcher ({f._entry_count()} signature registered)"
    except ImportError as e:
        _dispatch = None
        note = f"extension not built ({e}): this is the ctypes path"
    rows.append(("pts", per_call_ns(f, calls, repeats), note))
    if _dispatch is not None:
        rows.append(("pts ctypes fallback", per_call_ns(f._slow_call, calls // 20, repeats),
                     "ScriptFunction._slow_call: the path without the extension"))
    try:
        import numba
        g = numba.njit(add)
        assert g(1, 2) == 3
        rows.append(("Numba", per_call_ns(g, calls, repeats), f"@njit, numba {numba.__version__}"))
    except Exception as e:          # not installed, or failed: say so and go on
        rows.append(("Numba", None, f"n/a ({type(e).__name__}: {str(e)[:60]})"))
    return rows


def folded_call_overhead(calls: int, repeats: int) -> list[tuple[str, tuple | None, str]]:
    """A function reading a module-level list folded into its code (the C dispatcher
    checks the list before each call) against the same function building the list itself
    and one without a list: loops of the three alternated, `repeats` rounds."""
    import pts
    fs = {"module-level list": pts.script(folded_reader), "its own list": pts.script(own_list),
          "no list": pts.script(no_list)}
    for f in fs.values():
        f(1)
    pts.wait_optimized()
    runs: dict = {name: [] for name in fs}
    for _ in range(repeats):
        for name, f in fs.items():
            runs[name].append(per_call_ns(f, calls, 1, (5,)))
    rows: list[tuple[str, tuple | None, str]] = []
    for name, f in fs.items():
        ns = (statistics.median(r[0] for r in runs[name]),
              statistics.median(r[1] for r in runs[name]))
        rows.append((name, ns, f"{f._entry_count() if hasattr(f, '_entry_count') else 0} "
                               f"signature(s) registered with the C dispatcher"))
    g = pts.script(folded_reader)
    g(1)
    rows.append(("module-level list, Python path", per_call_ns(g._slow_call, calls // 20,
                                                               repeats, (5,)),
                 "ScriptFunction._slow_call (how every call went before)"))
    return rows


def array_call_overhead(calls: int, repeats: int) -> list[tuple[str, tuple | None, str]]:
    import pts
    x = np.arange(4.0)
    args = (x,)
    rows: list[tuple[str, tuple | None, str]] = [
        ("numpy", per_call_ns(affine, calls, repeats, args), "x * 2.0 + 1.0 in CPython")]
    f = pts.script(affine)
    assert f(x).tolist() == affine(x).tolist()
    pts.wait_optimized()
    rows.append(("pts", per_call_ns(f, calls, repeats, args),
                 f"{f._entry_count() if hasattr(f, '_entry_count') else 0} signature(s) "
                 "registered with the C dispatcher"))
    rows.append(("pts Python path", per_call_ns(f._slow_call, calls // 20, repeats, args),
                 "ScriptFunction._slow_call: ctypes, for what C hands back"))
    try:
        import numba
        g = numba.njit(affine)
        assert g(x).tolist() == affine(x).tolist()
        rows.append(("Numba", per_call_ns(g, calls, repeats, args), f"@njit, numba {numba.__version__}"))
    except Exception as e:          # not installed, or failed: say so and go on
        rows.append(("Numba", None, f"n/a ({type(e).__name__}: {str(e)[:60]})"))
    return rows


# ---------------------------------------------------------------- threads

def wall(f, n: int, threads: int) -> tuple[float, float]:
    """(wall seconds, process CPU seconds) of `threads` threads each calling f(n) at once."""
    results = [None] * threads

    def run(i):
        results[i] = f(n)

    ts = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    c0, t0 = time.process_time(), time.perf_counter()
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    assert results == [results[0]] * threads
    return elapsed, cpu


def size_for(f, ms: float) -> int:
    """An n for which f(n) takes about `ms` milliseconds."""
    n = 1000
    while True:
        t0 = time.perf_counter()
        f(n)
        t = time.perf_counter() - t0
        if t > 0.02:
            return max(int(n * ms / 1e3 / t), 1)
        n *= 4


def gil_experiment(ms: float, repeats: int = 3) -> list[tuple]:
    import pts
    rows = []
    for name, f in (("pts", pts.script(spin)), ("CPython", spin)):
        f(10)
        pts.wait_optimized()          # time the optimized code, not the first tier
        n = size_for(f, ms)
        assert f(1000) == spin(1000)
        one = min(wall(f, n, 1) for _ in range(repeats))
        two = min(wall(f, n, 2) for _ in range(repeats))
        rows.append((name, n, one[0], two[0], one[1] / one[0], two[1] / two[0]))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=500_000)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--ms", type=float, default=200.0, help="length of one long call")
    args = ap.parse_args(argv)

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"\ncall overhead of add(1, 2) from a Python loop "
          f"(median of {args.repeats} x {args.calls} calls)")
    print(f"{'':<22}{'wall ns':>9}{'CPU ns':>9}  note")
    for name, ns, note in call_overhead(args.calls, args.repeats):
        cells = f"{ns[0]:9.1f}{ns[1]:9.1f}" if ns is not None else f"{'n/a':>9}{'n/a':>9}"
        print(f"{name:<22}{cells}  {note}")
    print(f"\na function reading an 8-item module-level list TABLE[i % len(TABLE)] "
          f"(folded), alternated with the same code on its own list and without a list "
          f"(median of {args.repeats} x {args.calls // 5} calls)")
    print(f"{'':<32}{'wall ns':>9}{'CPU ns':>9}  note")
    for name, ns, note in folded_call_overhead(args.calls // 5, args.repeats):
        print(f"{name:<32}{ns[0]:9.1f}{ns[1]:9.1f}  {note}")
    calls = args.calls // 5
    print(f"\ncall overhead of affine(x) on a 4-element float64 array "
          f"(median of {args.repeats} x {calls} calls)")
    print(f"{'':<22}{'wall ns':>9}{'CPU ns':>9}  note")
    for name, ns, note in array_call_overhead(calls, args.repeats):
        cells = f"{ns[0]:9.1f}{ns[1]:9.1f}" if ns is not None else f"{'n/a':>9}{'n/a':>9}"
        print(f"{name:<22}{cells}  {note}")

    print(f"\nthe GIL: one call of ~{args.ms:.0f} ms by 1 thread, then by 2 threads at once "
          f"(best of 3)")
    print(f"{'':<10}{'n':>12}{'1 thread':>11}{'2 threads':>11}{'2T / 1T':>9}"
          f"{'CPU/wall 1T':>13}{'CPU/wall 2T':>13}")
    for name, n, one, two, busy1, busy2 in gil_experiment(args.ms):
        print(f"{name:<10}{n:>12}{one * 1e3:>8.0f} ms{two * 1e3:>8.0f} ms{two / one:>9.2f}"
              f"{busy1:>13.2f}{busy2:>13.2f}")
    print("2T / 1T near 1.0 (and CPU/wall near 2.0): the two calls ran in parallel; near 2.0\n"
          "(CPU/wall near 1.0): one after the other.  Other load on the machine blurs both.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
