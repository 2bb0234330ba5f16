"""Scalar benchmark: CPython vs Numba @njit vs @pts.script on the workloads in workloads.py.

Every workload is written once, as plain Python (bench/workloads.py), and run by the three
implementations in the same process.  Each cell is the median of N steady-state runs (after
one warm-up call, which for the compilers includes compilation), with N chosen so that a cell
costs about `budget` seconds.  The two compilers' runs alternate (one call of Numba's, one of
pts's, and again; at least 25 of each), so that the drifting load of a shared machine falls on
both alike rather than on whichever cell ran during a busy second.  Results must agree across
implementations (ints exactly, floats to 1e-9 relative: the native math functions may differ
from libm in the last bit).

pts compiles a first call quickly (tier 0) and optimizes in the background: steady-state
cells wait for the optimized code (`pts.wait_optimized()`) after the warm-up call.

Then: first-call time of pts and Numba for a 20-line function, measured in fresh
subprocesses (import and decoration times reported separately), cold (empty caches) and
cached (the disk cache a previous process left: pts's, Numba's `cache=True`), and the cost
of calling `add(a: int, b: int) -> int` from Python.

A failing implementation never stops the run: its cells read "n/a" and the row carries the
error ("pts: not available (...)").  Timings are printed, never asserted.

    python bench/scalar.py [--quick] [--json PATH]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import types

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
if BENCH_DIR not in sys.path:
    sys.path.insert(0, BENCH_DIR)

import workloads  # noqa: E402  (needs BENCH_DIR on sys.path)

IMPLS = ("CPython", "Numba", "pts")


# ---------------------------------------------------------------- machine

def machine_info() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info = {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "numba": None,
        "llvmlite": None,
    }
    try:
        import llvmlite
        info["llvmlite"] = llvmlite.__version__
    except Exception:
        pass
    try:
        import numba
        info["numba"] = numba.__version__
    except Exception:
        pass
    return info


# ---------------------------------------------------------------- implementations

def _error_text(e: BaseException) -> str:
    msg = str(e).strip().splitlines()[0] if str(e).strip() else ""
    text = f"{type(e).__name__}: {msg}" if msg else type(e).__name__
    return text if len(text) <= 110 else text[:107] + "..."


def numba_version(fn):
    """`fn` under numba.njit, with its own name rebound to the jitted version.

    A recursive function such as fib finds itself through its module globals; Numba can only
    type that call if the global is the dispatcher, so the function gets a private copy of
    the globals in which its name is the dispatcher.
    """
    import numba
    g = dict(fn.__globals__)
    clone = types.FunctionType(fn.__code__, g, fn.__name__, fn.__defaults__, fn.__closure__)
    jitted = numba.njit(clone)
    g[fn.__name__] = jitted
    return jitted


def pts_version(fn):
    import pts
    return pts.script(fn)


def make_impl(name: str, fn):
    """(callable, None) or (None, error text) for implementation `name` of `fn`."""
    try:
        if name == "CPython":
            return fn, None
        if name == "Numba":
            return numba_version(fn), None
        return pts_version(fn), None
    except Exception as e:
        return None, _error_text(e)


# ---------------------------------------------------------------- timing

def _timed(f, args):
    t0 = time.perf_counter()
    r = f(*args)
    return time.perf_counter() - t0, r


def measure(f, args, budget: float, min_runs: int, max_runs: int, warm_counts: bool):
    """Median seconds of N calls after one warm-up call; returns (median, N, result).

    `warm_counts`: the warm-up is already steady state (CPython), so it is one of the N
    samples, and a workload slower than the budget is timed just once.
    """
    t_warm, result = _timed(f, args)
    if not warm_counts and getattr(f, "__module__", None) is not None:
        _settle()
    samples = [t_warm] if warm_counts else []
    if not warm_counts:
        t_probe, _ = _timed(f, args)       # the warm-up included compilation
        samples.append(t_probe)
    per_call = max(samples[-1], 1e-7)
    n = int(budget / per_call)
    n = max(min(n, max_runs), 1 if (warm_counts and t_warm > budget) else min_runs)
    while len(samples) < n:
        samples.append(_timed(f, args)[0])
    return statistics.median(samples), len(samples), result


def measure_alternating(fs: dict, args, budget: float, min_runs: int, max_runs: int):
    """`measure` for several compiled implementations at once: after each one's warm-up
    call (compilation; then pts's optimized code, `_settle`) and a probe call, N rounds of
    one call of each, N filling about `budget` seconds per implementation.  Returns
    {name: (median, N, result) or the exception it raised}."""
    out: dict = {}
    results: dict = {}
    samples: dict = {}
    for name, f in fs.items():
        try:
            results[name] = _timed(f, args)[1]
        except Exception as e:
            out[name] = e
    _settle()
    live = [name for name in fs if name not in out]
    for name in live:
        samples[name] = [_timed(fs[name], args)[0]]        # the probe
    total = sum(max(samples[name][0], 1e-7) for name in live)
    n = int(budget * len(live) / total) if live else 0
    n = max(min(n, max_runs), min_runs)
    for _ in range(n - 1):
        for name in list(live):
            try:
                samples[name].append(_timed(fs[name], args)[0])
            except Exception as e:
                out[name] = e
                live.remove(name)
    for name in live:
        out[name] = (statistics.median(samples[name]), len(samples[name]), results[name])
    return out


def _settle() -> None:
    """pts runs a first call on quickly compiled code and optimizes in the background:
    steady state is the optimized code."""
    pts = sys.modules.get("pts")
    if pts is not None and hasattr(pts, "wait_optimized"):
        pts.wait_optimized()


def same_result(a, b) -> bool:
    """`b` (native) agrees with `a` (CPython): same kind of number, floats to 1e-9 relative."""
    if isinstance(a, float) or isinstance(b, float):
        return (isinstance(a, float) and isinstance(b, float)
                and abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-300))
    return isinstance(a, bool) == isinstance(b, bool) and a == b


def run_workloads(quick: bool = False, impls=IMPLS, budget: float | None = None, log=None):
    """One row per workload: times (s), runs, results, errors per implementation, and check."""
    if budget is None:
        budget = 0.1 if quick else 2.0
    min_runs, max_runs = (1, 5) if quick else (3, 500)
    # the compilers' cells: at least 25 alternating runs (integral takes ~0.1 s a call: the
    # budget alone would give it 15, whose median still moves by +-10% on a busy machine)
    min_compiled = 1 if quick else 25
    rows = []
    for fn, full_args, quick_args in workloads.WORKLOADS:
        args = quick_args if quick else full_args
        row = {"name": fn.__name__, "args": list(args),
               "label": f"{fn.__name__}({', '.join(map(str, args))})",
               "time": {}, "runs": {}, "result": {}, "error": {}}
        compiled = {}
        for impl in impls:
            f, err = make_impl(impl, fn)
            if f is not None and impl != "CPython":
                compiled[impl] = f                 # timed below, in alternation
                continue
            if f is not None:
                try:
                    t, n, r = measure(f, args, budget, min_runs, max_runs, warm_counts=True)
                    row["time"][impl], row["runs"][impl], row["result"][impl] = t, n, r
                except Exception as e:
                    err = _error_text(e)
            if err is not None:
                row["error"][impl] = err
        if compiled:
            for impl, m in measure_alternating(compiled, args, budget, min_compiled,
                                               max_runs).items():
                if isinstance(m, BaseException):
                    row["error"][impl] = _error_text(m)
                else:
                    row["time"][impl], row["runs"][impl], row["result"][impl] = m
        if log:
            for impl in impls:
                log(f"  {row['label']:<28} {impl:<8} "
                    + (f"{row['time'][impl] * 1e3:10.2f} ms  x{row['runs'][impl]}"
                       if impl in row["time"] else f"n/a ({row['error'].get(impl)})"))
        ref = row["result"].get("CPython")
        row["mismatch"] = [impl for impl, r in row["result"].items()
                           if impl != "CPython" and ref is not None and not same_result(ref, r)]
        row["check"] = "✗" if row["mismatch"] else ("✓" if len(row["result"]) > 1 else "-")
        rows.append(row)
    return rows


# ---------------------------------------------------------------- compile time, call overhead

_FIRST_CALL = r"""
import json, sys, time
t0 = time.perf_counter()
import {module}
t1 = time.perf_counter()
sys.path.insert(0, {bench_dir!r})
from workloads import compile_probe
out = {{"import_s": t1 - t0}}
try:
    t15 = time.perf_counter()
    f = {wrap}(compile_probe)
    t2 = time.perf_counter()
    out["decorate_s"] = t2 - t15
    r = f({n})
    t3 = time.perf_counter()
    f({n})
    t4 = time.perf_counter()
    out.update(first_call_s=t3 - t2, second_call_s=t4 - t3, result=r,
               ok=(r == compile_probe({n})), llvmlite="llvmlite" in sys.modules)
    if {module!r} == "pts":
        from pts.backend import jit
        out.update(tier=f.compiled((1,)).tier, llvm_compiles=jit.STATS["llvm_compiles"],
                   cache_loads=jit.STATS["cache_loads"])
except Exception as e:
    out["error"] = type(e).__name__ + ": " + (str(e).strip().splitlines() or [""])[0]
print("RESULT " + json.dumps(out))
"""


def _subprocess(code: str, env: dict, timeout: float) -> dict:
    try:
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout:.0f} s"}
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    lines = (p.stderr.strip() or p.stdout.strip() or f"exit code {p.returncode}").splitlines()
    return {"error": lines[-1][:110]}


def _median_run(runs: list[dict]) -> dict:
    good = [r for r in runs if "error" not in r]
    if not good:
        return runs[0]
    good.sort(key=lambda r: r["first_call_s"])
    out = dict(good[len(good) // 2])
    out["import_s"] = statistics.median(r["import_s"] for r in good)
    out["decorate_s"] = statistics.median(r.get("decorate_s", 0.0) for r in good)
    out["runs"] = len(good)
    return out


def first_call(module: str, wrap: str, n: int = 1000, timeout: float = 300,
               repeats: int = 3, env: dict | None = None) -> dict:
    """Import time and first-call time of `wrap(compile_probe)` in fresh interpreters:
    'cold' with empty cache directories (compile + run), then 'cached' with the cache the
    cold run left (pts: its disk cache; Numba: `cache=True`), each the median of `repeats`
    processes.  Bytecode of the Python sources is written to a private directory by a
    warm-up process first, as an installed package has it."""
    out = {}
    with tempfile.TemporaryDirectory(prefix="pts-bench-") as tmp:
        extra = env or {}
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = os.path.join(tmp, "pyc")
        env.update(extra)
        cold, cached = [], []
        for i in range(repeats + 1):
            d = os.path.join(tmp, f"cache{i}")
            e = dict(env, XDG_CACHE_HOME=d, PTS_CACHE_DIR=d, NUMBA_CACHE_DIR=d)
            code = _FIRST_CALL.format(module=module, wrap=wrap, bench_dir=BENCH_DIR, n=n)
            r = _subprocess(code, e, timeout)
            if i == 0:                    # the warm-up (bytecode); its cache is discarded
                if "error" in r:
                    return {**r, "cold": r, "cached": r}
                continue
            cold.append(r)
            if module == "numba":
                code = _FIRST_CALL.format(module=module, wrap="numba.njit(cache=True)",
                                          bench_dir=BENCH_DIR, n=n)
                _subprocess(code, e, timeout)           # fills Numba's cache
            cached.append(_subprocess(code, e, timeout))
        out["cold"] = _median_run(cold)
        out["cached"] = _median_run(cached)
    return {**out["cold"], **out}        # the cold run's fields at the top, as before


def call_overhead(impls=IMPLS, calls: int = 200_000, repeats: int = 7) -> dict:
    """ns per call of add(1, 2) from a Python loop (median over `repeats` loops of `calls`),
    plus the cost of the bare loop for reference."""
    out = {}
    loop = range(calls)

    def bare():
        t0 = time.perf_counter()
        for _ in loop:
            pass
        return time.perf_counter() - t0

    def calling(f):
        t0 = time.perf_counter()
        for _ in loop:
            f(1, 2)
        return time.perf_counter() - t0

    out["empty loop"] = {"ns": statistics.median(bare() for _ in range(repeats)) / calls * 1e9}
    for impl in impls:
        f, err = make_impl(impl, workloads.add)
        if f is not None:
            try:
                if f(1, 2) != 3:
                    raise AssertionError(f"add(1, 2) returned {f(1, 2)!r}")
                out[impl] = {"ns": statistics.median(calling(f) for _ in range(repeats))
                             / calls * 1e9}
                continue
            except Exception as e:
                err = _error_text(e)
        out[impl] = {"error": err}
    return out


# ---------------------------------------------------------------- report

def _ms(row, impl) -> str:
    return f"{row['time'][impl] * 1e3:.2f}" if impl in row["time"] else "n/a"


def _ratio(row, a, b) -> str:
    if a in row["time"] and b in row["time"] and row["time"][b] > 0:
        return f"{row['time'][a] / row['time'][b]:.2f}"
    return "n/a"


def format_table(rows) -> str:
    head = (f"{'workload':<28}{'CPython ms':>12}{'Numba ms':>11}{'pts ms':>10}"
            f"{'pts/Numba':>11}{'pts/CPython':>13}{'runs C/N/p':>13}  check  note")
    lines = [head, "-" * len(head)]
    for row in rows:
        runs = "/".join(str(row["runs"].get(i, "-")) for i in IMPLS)
        notes = []
        for impl in ("Numba", "pts"):
            if impl in row["error"]:
                notes.append(f"{impl.lower()}: not available ({row['error'][impl]})")
        if row["mismatch"]:
            notes.append("results: " + ", ".join(
                f"{i}={row['result'][i]!r}" for i in ("CPython", *row["mismatch"])))
        if "CPython" in row["error"]:
            notes.append(f"cpython failed ({row['error']['CPython']})")
        lines.append(f"{row['label']:<28}{_ms(row, 'CPython'):>12}{_ms(row, 'Numba'):>11}"
                     f"{_ms(row, 'pts'):>10}{_ratio(row, 'pts', 'Numba'):>11}"
                     f"{_ratio(row, 'pts', 'CPython'):>13}{runs:>13}  {row['check']:<5}  "
                     + "; ".join(notes))
    return "\n".join(lines)


def format_compile(compile_times: dict, overhead: dict) -> str:
    lines = ["first call of compile_probe (20 lines, loops + branches) in a fresh interpreter, "
             "median of 3 processes:",
             "  cold: empty cache; cached: the cache of a previous process (Numba: cache=True);",
             "  `import X`, then the decoration `X.script(f)` / `X.njit(f)` (pts preloads its "
             "compiler there unless the cache has f), then the first call, to its result",
             f"  {'':<36}{'import s':>10}{'decorate ms':>13}{'first call ms':>15}"
             f"{'second call ms':>16}  note"]
    for impl, phases in compile_times.items():
        for phase in ("cold", "cached"):
            c = phases.get(phase, {"error": "not measured"})
            label = f"{impl} {phase}"
            if " " in impl:             # "pts PTS_PRELOAD=import": its own line below
                label = f"{impl.split()[0]} {phase} ({impl.split()[1]})"
            imp = f"{c['import_s']:.3f}" if "import_s" in c else "n/a"
            if "error" in c:
                lines.append(f"  {label:<36}{imp:>10}{'n/a':>13}{'n/a':>15}{'n/a':>16}  "
                             f"{impl.lower()}: not available ({c['error']})")
                continue
            notes = [] if c.get("ok") else ["✗ result differs from CPython"]
            if impl.startswith("pts"):
                notes.append(f"tier {c.get('tier')} code, LLVM -O3 runs: "
                             f"{c.get('llvm_compiles')}, cache loads: {c.get('cache_loads')}, "
                             f"llvmlite imported: {c.get('llvmlite')}")
            lines.append(f"  {label:<36}{imp:>10}{c.get('decorate_s', 0) * 1e3:>13.1f}"
                         f"{c['first_call_s'] * 1e3:>15.1f}"
                         f"{c['second_call_s'] * 1e3:>16.3f}  " + "; ".join(notes))
    lines.append("call overhead of add(a: int, b: int) -> int from a Python loop "
                 "(ns per call, loop included):")
    for impl, c in overhead.items():
        if "ns" in c:
            lines.append(f"  {impl:<12}{c['ns']:>8.1f} ns")
        else:
            lines.append(f"  {impl:<12}{'n/a':>8}     {impl.lower()}: not available "
                         f"({c['error']})")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="bench/scalar.py", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="small sizes and few repeats (used by the tests)")
    ap.add_argument("--json", metavar="PATH", help="also write the numbers to PATH as JSON")
    ap.add_argument("-v", "--verbose", action="store_true", help="log each cell as it is timed")
    args = ap.parse_args(argv)

    info = machine_info()
    budget = 0.1 if args.quick else 2.0
    print(f"machine: nproc={info['nproc']}  cpu={info['cpu']}  python={info['python']}  "
          f"numba={info['numba'] or 'n/a'}  llvmlite={info['llvmlite'] or 'n/a'}")
    print(f"each cell: median of N steady-state runs after a warm-up call (N in 'runs', "
          f"~{budget:g} s per cell; CPython cells slower than that are one run; Numba's and "
          f"pts's runs alternate, at least {1 if args.quick else 25} each), on a shared, noisy "
          f"machine"
          f"{'; --quick sizes' if args.quick else ''}")
    print()
    log = (lambda s: print(s, file=sys.stderr, flush=True)) if args.verbose else None
    rows = run_workloads(quick=args.quick, budget=budget, log=log)
    print(format_table(rows))
    print()
    n = 200 if args.quick else 1000
    reps = 1 if args.quick else 3
    compile_times = {"pts": first_call("pts", "pts.script", n, repeats=reps)}
    if not args.quick:      # the compiler imported by `import pts` instead of the decoration
        compile_times["pts PTS_PRELOAD=import"] = first_call(
            "pts", "pts.script", n, repeats=reps, env={"PTS_PRELOAD": "import"})
    if info["numba"]:
        compile_times["Numba"] = first_call("numba", "numba.njit", n, repeats=reps)
    else:
        missing = {"error": "numba not installed"}
        compile_times["Numba"] = {**missing, "cold": missing, "cached": missing}
    overhead = call_overhead(calls=20_000 if args.quick else 200_000,
                             repeats=3 if args.quick else 7)
    print(format_compile(compile_times, overhead))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": info, "quick": args.quick, "budget_s": budget,
                       "workloads": rows, "first_call": compile_times,
                       "call_overhead_ns": overhead}, f, indent=2, default=repr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
