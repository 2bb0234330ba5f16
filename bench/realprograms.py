"""Real programs: element loops over numpy arrays, CPython vs Numba @njit vs @pts.script.

Five programs nobody here wrote the algorithm of, each timed by the three implementations in
one process, the two compilers alternated (bench/scalar.py's measure_alternating: one call
of Numba's, one of pts's, and again), results compared with CPython's (floats to 1e-9
relative, arrays element by element).  Table: milliseconds, pts/Numba and pts/CPython.

The programs (written after their public sources, which are credited here; the algorithm,
loop structure and indexing are the source's, the drivers that copy the input so that a
call can be repeated are ours):
- **SciMark FFT**: pyperformance, data-files/benchmarks/bm_scimark/run_benchmark.py
  (https://github.com/python/pyperformance, MIT), itself after NIST's Java SciMark 2.0
  (public domain).  The functions are those of tests/realworld/programs/pp_scimark_fft.py
  (unchanged but for int_log2's error, a constant message here: Numba formats no strings),
  run on a float64 numpy array of 2 * 1024 values.
- **SciMark SOR**: the successive over-relaxation kernel of the same two sources
  (pyperformance's SOR_execute, Java SciMark's SOR.execute): `cycles` sweeps of
  G[i, j] = omega/4 * (4 neighbours) + (1 - omega) * G[i, j] over a 100 x 100 grid.
- **laplace2d**: Numba, examples/laplace2d/laplace2d-numba.py (https://github.com/numba/numba,
  BSD-2-Clause): one Jacobi relaxation sweep `jacobi_relax_core(A, Anew)` of a 512 x 512
  mesh, returning the largest change.
- **kernel density estimate**: Numba, examples/kernel-density-estimation/
  kernel_density_estimation_numba.py (BSD-2-Clause; Copyright (c) 2017 Intel Corporation):
  the log-sum-exp of three Gaussian kernels at each point, summed (`prange` is `range`:
  one thread for every implementation; `points`, the source's `np.array([-1.0, 2.0, 5.0])`,
  is an argument: pts has no np.array of a literal list yet).
- **bubblesort**: Numba, examples/bubblesort.py (BSD-2-Clause): 1000 int64 values in
  reversed order, sorted in place (the driver sorts a copy).

Timings are printed, never asserted; a failing implementation reads "n/a" with its error.

    python bench/realprograms.py [--quick] [--json PATH] [--impls Numba,pts] [PROGRAM ...]
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import types

import numpy as np

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
if BENCH_DIR not in sys.path:
    sys.path.insert(0, BENCH_DIR)

from scalar import _error_text, machine_info, measure, measure_alternating  # noqa: E402

IMPLS = ("CPython", "Numba", "pts")


# ---------------------------------------------------------------- the programs

def int_log2(n):
    k = 1
    log = 0
    while k < n:
        k *= 2
        log += 1
    if n != 1 << log:
        raise ValueError("FFT: Data length is not a power of 2")
    return log


def FFT_num_flops(N):
    return (5.0 * N - 2) * int_log2(N) + 2 * (N + 1)


def FFT_transform_internal(N, data, direction):
    n = N // 2
    bit = 0
    dual = 1
    if n == 1:
        return

    logn = int_log2(n)
    if N == 0:
        return
    FFT_bitreverse(N, data)

    # apply fft recursion
    # this loop executed int_log2(N) times
    bit = 0
    while bit < logn:
        w_real = 1.0
        w_imag = 0.0
        theta = 2.0 * direction * math.pi / (2.0 * float(dual))
        s = math.sin(theta)
        t = math.sin(theta / 2.0)
        s2 = 2.0 * t * t
        for b in range(0, n, 2 * dual):
            i = 2 * b
            j = 2 * (b + dual)
            wd_real = data[j]
            wd_imag = data[j + 1]
            data[j] = data[i] - wd_real
            data[j + 1] = data[i + 1] - wd_imag
            data[i] += wd_real
            data[i + 1] += wd_imag
        for a in range(1, dual):
            tmp_real = w_real - s * w_imag - s2 * w_real
            tmp_imag = w_imag + s * w_real - s2 * w_imag
            w_real = tmp_real
            w_imag = tmp_imag
            for b in range(0, n, 2 * dual):
                i = 2 * (b + a)
                j = 2 * (b + a + dual)
                z1_real = data[j]
                z1_imag = data[j + 1]
                wd_real = w_real * z1_real - w_imag * z1_imag
                wd_imag = w_real * z1_imag + w_imag * z1_real
                data[j] = data[i] - wd_real
                data[j + 1] = data[i + 1] - wd_imag
                data[i] += wd_real
                data[i + 1] += wd_imag
        bit += 1
        dual *= 2


def FFT_bitreverse(N, data):
    n = N // 2
    nm1 = n - 1
    j = 0
    for i in range(nm1):
        ii = i << 1
        jj = j << 1
        k = n >> 1
        if i < j:
            data[ii] , data[ii + 1] , data[jj] , data[jj + 1]  = data[jj], data[jj + 1], data[ii], data[ii + 1]
        while k <= j:
            j -= k
            k >>= 1
        j += k


def FFT_transform(N, data):
    FFT_transform_internal(N, data, -1)


def FFT_inverse(N, data):
    n = N / 2
    norm = 0.0
    FFT_transform_internal(N, data, +1)
    norm = 1 / float(n)
    for i in range(N):
        data[i] *= norm


def scimark_fft(x, cycles):
    """SciMark FFT: `cycles` forward + inverse transforms of a copy of x."""
    data = x.copy()
    twoN = len(data)
    for _ in range(cycles):
        FFT_transform(twoN, data)
        FFT_inverse(twoN, data)
    return data


def sor_execute(omega, G, cycles):
    """SciMark SOR: successive over-relaxation of G's interior, in place."""
    m = G.shape[0]
    n = G.shape[1]
    omega_over_four = omega * 0.25
    one_minus_omega = 1.0 - omega
    for p in range(cycles):
        for i in range(1, m - 1):
            for j in range(1, n - 1):
                G[i, j] = (omega_over_four * (G[i - 1, j] + G[i + 1, j] + G[i, j - 1]
                                              + G[i, j + 1])
                           + one_minus_omega * G[i, j])


def scimark_sor(G0, cycles):
    G = G0.copy()
    sor_execute(1.25, G, cycles)
    return G


def jacobi_relax_core(A, Anew):
    """Numba's laplace2d: one Jacobi sweep of A into Anew; the largest change."""
    error = 0.0
    n = A.shape[0]
    m = A.shape[1]
    for j in range(1, n - 1):
        for i in range(1, m - 1):
            Anew[j, i] = 0.25 * (A[j, i + 1] + A[j, i - 1] + A[j - 1, i] + A[j + 1, i])
            error = max(error, abs(Anew[j, i] - A[j, i]))
    return error


def kde(X, points):
    """Numba's kernel density estimate: sum over X of log(sum of 3 Gaussian kernels)."""
    b = 0.5
    N = points.shape[0]
    n = X.shape[0]
    exps = 0.0
    for i in range(n):
        p = X[i]
        d = (-(p - points) ** 2) / (2 * b ** 2)
        m = np.min(d)
        exps += m - np.log(b * N) + np.log(np.sum(np.exp(d - m)))
    return exps


def bubblesort(X):
    """Numba's bubblesort, in place."""
    N = X.shape[0]
    for end in range(N, 1, -1):
        for i in range(end - 1):
            if X[i] > X[i + 1]:
                X[i], X[i + 1] = X[i + 1], X[i]


def bubble(X0):
    X = X0.copy()
    bubblesort(X)
    return X


def make_impl(name: str, fn):
    """(callable, None) or (None, error text).  Numba's version: every function of this
    module under njit, sharing one globals dict, so that a program's callees are jitted."""
    try:
        if name == "CPython":
            return fn, None
        if name == "Numba":
            import numba
            g = dict(globals())
            for k, v in globals().items():
                if isinstance(v, types.FunctionType) and v.__module__ == __name__:
                    g[k] = numba.njit(types.FunctionType(v.__code__, g, k, v.__defaults__))
            return g[fn.__name__], None
        import pts
        return pts.script(fn), None
    except Exception as e:
        return None, _error_text(e)


def _inputs(quick: bool):
    rng = np.random.default_rng(0)
    fft_n = 64 if quick else 1024
    sor_n = 20 if quick else 100
    lap_n = 32 if quick else 512
    A = np.zeros((lap_n, lap_n))
    A[:, 0] = 1.0
    A[1:-1, 1:-1] = rng.random((lap_n - 2, lap_n - 2))
    return [
        ("SciMark FFT", scimark_fft, (rng.random(2 * fft_n), 2 if quick else 20)),
        ("SciMark SOR", scimark_sor, (rng.random((sor_n, sor_n)), 2 if quick else 10)),
        ("laplace2d", jacobi_relax_core, (A, np.zeros((lap_n, lap_n)))),
        ("kde", kde, (rng.random(1000 if quick else 50_000), np.array([-1.0, 2.0, 5.0]))),
        ("bubblesort", bubble, (np.arange(100 if quick else 1000, 0, -1, dtype=np.int64),)),
    ]


# ---------------------------------------------------------------- running

def same(a, b) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.shape == b.shape
                and a.dtype == b.dtype and np.allclose(a, b, rtol=1e-9, atol=1e-12))
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-12)
    return a == b


def run(quick: bool = False, impls=IMPLS, log=None, only=None) -> list[dict]:
    """`only`: labels (case-insensitive prefixes) of the programs to run, None for all."""
    budget = 0.1 if quick else 2.0
    min_runs, max_runs = (1, 5) if quick else (15, 300)
    rows = []
    for label, fn, args in _inputs(quick):
        if only and not any(label.lower().startswith(o.lower()) for o in only):
            continue
        row = {"label": label, "time": {}, "runs": {}, "result": {}, "error": {}}
        compiled = {}
        for impl in impls:
            f, err = make_impl(impl, fn)
            if err is not None:
                row["error"][impl] = err
            elif impl == "CPython":
                try:
                    # CPython is slow here: a couple of calls is enough
                    t, n, r = measure(f, args, budget / 4, 1, 3, warm_counts=True)
                    row["time"][impl], row["runs"][impl], row["result"][impl] = t, n, r
                except Exception as e:
                    row["error"][impl] = _error_text(e)
            else:
                compiled[impl] = f
        for impl, m in measure_alternating(compiled, args, budget, min_runs, max_runs).items():
            if isinstance(m, BaseException):
                row["error"][impl] = _error_text(m)
            else:
                row["time"][impl], row["runs"][impl], row["result"][impl] = m
        ref = row["result"].get("CPython")
        row["mismatch"] = [i for i, r in row["result"].items()
                           if i != "CPython" and ref is not None and not same(ref, r)]
        if log:
            log(f"  {label:<14} " + "  ".join(
                f"{i} {row['time'][i] * 1e3:.3f} ms" if i in row["time"] else f"{i} n/a"
                for i in impls))
        rows.append(row)
    return rows


def format_table(rows) -> str:
    head = (f"{'program':<16}{'CPython ms':>12}{'Numba ms':>11}{'pts ms':>10}"
            f"{'pts/Numba':>11}{'pts/CPython':>13}{'runs N/p':>10}  check  note")
    lines = [head, "-" * len(head)]

    def ms(row, i):
        return f"{row['time'][i] * 1e3:.3f}" if i in row["time"] else "n/a"

    def ratio(row, a, b):
        t = row["time"]
        return f"{t[a] / t[b]:.2f}" if a in t and b in t and t[b] > 0 else "n/a"

    for row in rows:
        notes = [f"{i.lower()}: {e}" for i, e in row["error"].items()]
        if row["mismatch"]:
            notes.append("results differ: " + ", ".join(row["mismatch"]))
        check = "✗" if row["mismatch"] else ("✓" if len(row["result"]) > 1 else "-")
        runs = "/".join(str(row["runs"].get(i, "-")) for i in ("Numba", "pts"))
        lines.append(f"{row['label']:<16}{ms(row, 'CPython'):>12}{ms(row, 'Numba'):>11}"
                     f"{ms(row, 'pts'):>10}{ratio(row, 'pts', 'Numba'):>11}"
                     f"{ratio(row, 'pts', 'CPython'):>13}{runs:>10}  {check:<5}  "
                     + "; ".join(notes))
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="tiny inputs, few runs (smoke test)")
    ap.add_argument("--json", help="write the rows to this file")
    ap.add_argument("--impls", default=",".join(IMPLS),
                    help="comma-separated implementations (default: %(default)s)")
    ap.add_argument("programs", nargs="*",
                    help="programs to run (prefixes of their labels: fft, sor, kde; default all)")
    opts = ap.parse_args(argv)
    info = machine_info()
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    print(f"real programs: element loops over numpy arrays ({info['cpu']}, {info['nproc']} "
          f"CPUs, load {load:.1f}; Numba {info['numba']}); medians, Numba and pts alternated")
    impls = tuple(i for i in IMPLS if i.lower() in opts.impls.lower().split(","))
    only = [("SciMark " + p if p.lower() in ("fft", "sor") else p) for p in opts.programs]
    rows = run(opts.quick, impls, log=lambda s: print(s, file=sys.stderr), only=only or None)
    print(format_table(rows))
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump([{k: v for k, v in r.items() if k != "result"} for r in rows], f,
                      indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
