"""`make demo` / `python -m pts demo`: compile a few plain Python functions with pts.script.

For each function it prints the CPython time, the time of the first pts call (compile +
run), the steady-state pts time, the speedup and whether the results are equal; then the
optimized IR of one function.  The functions below are ordinary Python in the pts subset;
they are wrapped with `pts.script(fn)` inside `main` rather than decorated, so that a
compiler failure is reported on its row and the demo carries on.  Runs in well under 30 s.
"""
from __future__ import annotations

import math
import statistics
import time

import numpy as np
from typing import List


def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def mandelbrot(w: int, h: int, max_iter: int) -> int:
    total = 0
    for x in range(w):
        cr = -2.0 + 3.0 * x / w
        for y in range(h):
            ci = -1.2 + 2.4 * y / h
            zr = 0.0
            zi = 0.0
            i = 0
            while i < max_iter and zr * zr + zi * zi <= 4.0:
                zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
                i += 1
            total += i
    return total


def integral(n: int) -> float:
    # Midpoint rule for sqrt(x) * exp(-x) * sin(x) on [0, 10].
    h = 10.0 / n
    total = 0.0
    for i in range(n):
        x = (i + 0.5) * h
        total += math.sqrt(x) * math.exp(-x) * math.sin(x)
    return total * h


def sieve(n: int) -> int:
    # Sum of the primes up to n, sieve of Eratosthenes.
    is_prime: List[bool] = [k >= 2 for k in range(n + 1)]
    i = 2
    while i * i <= n:
        if is_prime[i]:
            for j in range(i * i, n + 1, i):
                is_prime[j] = False
        i += 1
    primes: List[int] = []
    for k in range(n + 1):
        if is_prime[k]:
            primes.append(k)
    total = 0
    for p in primes:
        total += p
    return total


DEMOS = [
    (fib, (27,)),
    (mandelbrot, (200, 150, 100)),
    (integral, (1_000_000,)),
    (sieve, (1_000_000,)),
]
IR_OF = fib                 # whose IR is printed at the end
IR_ARGS = (27,)
TIME_BUDGET = 1.0           # seconds of repeats per implementation and function
DEADLINE = 25.0             # after this, no more repeats: one run each


def _error(e: BaseException) -> str:
    first = (str(e).strip().splitlines() or [""])[0]
    return f"{type(e).__name__}: {first}" if first else type(e).__name__


def _median_time(f, args, start: float, first: float) -> float:
    """Median of up to 5 runs within TIME_BUDGET, `first` being the time of a run already made."""
    samples = [first]
    while (len(samples) < 5 and sum(samples) < TIME_BUDGET
           and time.perf_counter() - start < DEADLINE):
        t0 = time.perf_counter()
        f(*args)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def _same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-300)
    return a == b


def main(argv=None) -> int:
    start = time.perf_counter()
    print("pts demo: plain Python functions compiled to native code with pts.script")
    print("times are medians of a few runs on whatever machine this is; first call = "
          "compile + run\n")
    head = (f"{'function':<26}{'CPython ms':>12}{'pts 1st call ms':>17}{'pts ms':>10}"
            f"{'speedup':>10}  same result")
    print(head)
    print("-" * len(head))
    compiled = {}
    for fn, args in DEMOS:
        label = f"{fn.__name__}({', '.join(map(str, args))})"
        t0 = time.perf_counter()
        expected = fn(*args)
        py_s = _median_time(fn, args, start, time.perf_counter() - t0)
        try:
            import pts
            f = pts.script(fn)
            t0 = time.perf_counter()
            got = f(*args)
            first_s = time.perf_counter() - t0
            pts.wait_optimized()        # steady state = the optimized tier (backend.jit)
            t0 = time.perf_counter()
            f(*args)
            pts_s = _median_time(f, args, start, time.perf_counter() - t0)
        except Exception as e:
            print(f"{label:<26}{py_s * 1e3:>12.1f}{'n/a':>17}{'n/a':>10}{'n/a':>10}  "
                  f"pts: not available ({_error(e)})", flush=True)
            continue
        compiled[fn] = f
        same = "yes" if _same(expected, got) else f"NO ✗ (CPython {expected!r}, pts {got!r})"
        print(f"{label:<26}{py_s * 1e3:>12.1f}{first_s * 1e3:>17.1f}{pts_s * 1e3:>10.2f}"
              f"{py_s / max(pts_s, 1e-9):>9.1f}x  {same}", flush=True)

    print(f"\nIR of {IR_OF.__name__}{IR_ARGS} (optimized):")
    try:
        f = compiled.get(IR_OF)
        if f is None:
            import pts
            f = pts.script(IR_OF)
        print(f.ir(*IR_ARGS))
    except Exception as e:
        print(f"pts: not available ({_error(e)})")
    tensor_demo()
    print("\nA model: pts.script(MyConv()) (pts.nn, the model of our seed material)")
    try:
        from pts.demo_models import main as models_main
        models_main(batch=128, repeat=3, backend="native")
    except Exception as e:
        print(f"pts: not available ({_error(e)})")
    archive_demo()
    from pts.demo_training import main as training_main
    training_main()
    print(f"\ndemo finished in {time.perf_counter() - start:.1f} s")
    return 0


def gelu_softmax(x):
    """A small tensor function: tanh-GELU, then a row softmax (numpy code, compiled)."""
    g = 0.5 * x * (1 + np.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))
    m = g.max(axis=1, keepdims=True)
    e = np.exp(g - m)
    return e / e.sum(axis=1, keepdims=True)


def tensor_demo() -> None:
    """Eager numpy against the same function compiled natively and interpreted."""
    import pts
    x = np.sin(np.arange(512 * 256, dtype=np.float32)).reshape(512, 256)
    print("\nA tensor function (float32 512x256, tanh-GELU + row softmax):")
    want = gelu_softmax(x)
    t_np = _best_of(lambda: gelu_softmax(x))
    print(f"  numpy eager                 {t_np * 1e3:8.2f} ms")
    for backend in ("native", "interp"):
        try:
            f = pts.script(gelu_softmax, backend=backend)
            t0 = time.perf_counter()
            got = f(x)
            first = time.perf_counter() - t0
            steady = _best_of(lambda: f(x))
            ok = got.dtype == want.dtype and np.allclose(got, want, rtol=1e-5, atol=1e-6)
            print(f"  pts {backend:<7} first call {first * 1e3:8.1f} ms, steady {steady * 1e3:8.2f} ms"
                  f"  ({t_np / steady:.2f}x numpy)  same result: {'yes' if ok else 'NO'}")
        except Exception as e:
            print(f"  pts {backend}: not available ({_error(e)})")


def archive_demo(batch: int = 2) -> None:
    """MyConv saved as a .pts archive (weights included) and run from C by build/pts-run
    (no Python): load and per-call times in C next to pts.load's in Python."""
    import subprocess
    import tempfile
    from pathlib import Path

    from pts.demo_training import build_pts_run
    print(f"\nMyConv as a .pts archive, run from C (build/pts-run, no Python), batch {batch}:")
    run, why = build_pts_run()
    if run is None:
        print(f"  skipped: {why}")
        return
    try:
        import pts
        from pts.demo_models import MyConv
        from pts.runtime import archive
        pts.manual_seed(0)
        m = pts.script(MyConv().eval(), backend="native")
        x = np.random.default_rng(0).standard_normal((batch, 3, 28, 28)).astype(np.float32)
        m(x)
        with tempfile.TemporaryDirectory(prefix="pts-demo-") as d:
            path = Path(d) / "myconv.pts"
            t0 = time.perf_counter()
            # the image this machine runs (host image on x86-64): C and Python agree
            # bit for bit with the in-process result
            archive.save(m, str(path), targets=archive.native_targets()[:1])
            save_s = time.perf_counter() - t0
            t0 = time.perf_counter()
            loaded = pts.load(path)
            py_load = time.perf_counter() - t0
            got = loaded(x)
            py_call = _best_of(lambda: loaded(x), 3)
            np.save(Path(d) / "x.npy", x)
            r = subprocess.run([str(run), str(path), str(Path(d) / "x.npy"), "--bench", "3"],
                               capture_output=True, text=True, timeout=600)
            if r.returncode != 0:
                raise RuntimeError(f"pts-run --bench: {r.stderr.strip()}")
            c = {k: float(v) for k, v in (line.split() for line in r.stdout.splitlines())}
            r = subprocess.run([str(run), str(path), str(Path(d) / "x.npy"), "--out", d],
                               capture_output=True, text=True, timeout=600)
            same = r.returncode == 0 and (np.load(Path(d) / "result.npy") == got).all()
            size = path.stat().st_size
    except Exception as e:
        print(f"  pts: not available ({_error(e)})")
        return
    print(f"  archive {size / 1e6:.1f} MB (weights stored aligned, "
          f"{archive.native_targets()[0]} image), "
          f"saved in {save_s:.1f} s")
    print(f"  {'':22}{'Python (pts.load)':>20}{'C (libpts)':>14}")
    print(f"  {'load':22}{py_load * 1e3:>17.1f} ms{c['load_ms_best']:>11.1f} ms"
          f"   (C: CRCs checked, weights used in place)")
    print(f"  {'forward(x), per call':22}{py_call * 1e3:>17.1f} ms{c['call_us'] / 1e3:>11.1f} ms")
    print(f"  pts-run result equals pts.load's bit for bit: {'yes' if same else 'NO'}")


def _best_of(fn, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


if __name__ == "__main__":
    raise SystemExit(main())
