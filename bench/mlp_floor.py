"""The MLP training step's floor (issue 28's last acceptance line: the 784-256-10 batch-64
SGD step >= 3x faster than torch eager): what its two big matrix products cost alone, in
pts's gemm, torch.mm and numpy's BLAS, beside the whole step, and where pts's step spends
its time.

The step is ~52.4 MFLOP: the forward product x @ W1.T, (64 x 784) @ (784 x 256), 25.7; the
first layer's weight gradient dh.T @ x, (256 x 64) @ (64 x 784), 25.7 (torch computes the
same product, in the same layouts); the small layer's three products ~1.  Everything is
timed in one process, at one thread (pts.set_num_threads, torch.set_num_threads and
OPENBLAS_NUM_THREADS), the implementations alternated round by round, each sample a few
calls long; printed: median and min per call, GFLOP/s of the min, and the min against the
target, a third of torch eager's step: as measured on this machine when quiet (QUIET_EAGER_MS)
where known, else this run's torch min.  At more than one thread each library is
alternated only with itself (pts's rows, then torch's, then numpy's): every library's pool
spins after a job, and alternated with another library's it takes the cores that one's
workers need.  Wall clock on a shared machine: the min is
the least disturbed sample, the median what a run sees; compare within one run.

The profile of pts's step times its phases as separate compiled functions with the step's
shapes and layouts, each looping in native code (so that one Python call times many):
the forward gemm, the weight-gradient gemm, the small layer's products, the elementwise
work (bias + ReLU, log-softmax and NLL forward and backward, the ReLU mask, the bias
gradients), the SGD update of the four parameters, and the Python-to-native call of a
function with the step's arguments that does nothing.  "rest" is the step minus their sum:
what the phases' separate timing does not see (allocation and freeing inside the step,
cache misses between phases).  The profile's shares are of the least disturbed samples
(min), since on a loaded machine each median is disturbed by its own amount.  Last, the
thread pool's calls in one step (pts_parallel_for, recorded through the import table), the
chunks of those it splits, and the step's timeline at the two big products' pool jobs: the
serial work around them is what more threads cannot shorten.

On a loaded machine (other processes keep both cores busy) a pool of 2 threads cannot
split anything: the pool's cost model sees no gain and runs serially, and every number at
2 threads is 1 thread's.  `--rt` (root only) runs the whole measurement under SCHED_FIFO
(priority 1, inherited by every library's worker threads), so that ordinary processes wait
while it runs (the kernel's RT throttling still leaves them 5% of each second): the
quiet-machine numbers, on a loaded machine, for the few tens of seconds it takes.  The pool
timeline runs right after pts's rows at more than one thread: torch's and OpenBLAS's
workers spin after their jobs and, at RT priority, would hold the cores pts's worker needs.

    python bench/mlp_floor.py [--threads N] [--rounds R] [--rt]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def _threads_from_argv() -> int:
    for i, a in enumerate(sys.argv):
        if a == "--threads" and i + 1 < len(sys.argv):
            return int(sys.argv[i + 1])
        if a.startswith("--threads="):
            return int(a.split("=", 1)[1])
    return 1


# numpy's BLAS reads its thread count when numpy is imported
_T = str(_threads_from_argv())
os.environ["OPENBLAS_NUM_THREADS"] = _T
os.environ["OMP_NUM_THREADS"] = _T
os.environ.setdefault("PTS_TIER", "opt")

import numpy as np  # noqa: E402

import pts  # noqa: E402
from pts import Tensor  # noqa: E402

FLOP_BIG = 2 * 64 * 784 * 256           # one of the two big products
REPS = 10                               # calls per sample
# torch eager's MLP step median on this machine when quiet (issue 28's last session,
# bench/training.py): the targets a loaded run's own torch measurement cannot give
QUIET_EAGER_MS = {1: 0.645, 2: 0.43}


# ---------------------------------------------------------------- pts phases (native loops)

def fwd_gemm(x: Tensor, w1: Tensor, n: int) -> float:
    s = 0.0
    for i in range(n):
        h = x @ w1.T
        s += float(h[0, 0])
    return s


def wgrad_gemm(dh: Tensor, x: Tensor, n: int) -> float:
    s = 0.0
    for i in range(n):
        g = dh.T @ x
        s += float(g[0, 0])
    return s


def small_gemms(h: Tensor, w2: Tensor, d: Tensor, n: int) -> float:
    s = 0.0
    for i in range(n):
        z = h @ w2.T                    # forward (64 x 256) @ (256 x 10)
        dh = d @ w2                     # backward to h: (64 x 10) @ (10 x 256)
        gw = d.T @ h                    # weight gradient: (10 x 64) @ (64 x 256)
        s += float(z[0, 0]) + float(dh[0, 0]) + float(gw[0, 0])
    return s


def elementwise(p1: Tensor, b1: Tensor, z: Tensor, b2: Tensor, onehot: Tensor, g1: Tensor,
                n: int) -> float:
    s = 0.0
    for i in range(n):
        a = p1 + b1                                     # bias
        h = np.maximum(a, 0.0)                          # ReLU
        logits = z + b2
        m = logits.max(axis=1, keepdims=True)           # log-softmax
        e = np.exp(logits - m)
        se = e.sum(axis=1, keepdims=True)
        logp = logits - m - np.log(se)
        loss = -(logp * onehot).sum() / 64.0            # NLL
        d = (e / se - onehot) / 64.0                    # its gradient
        db2 = d.sum(axis=0)
        dh = np.where(a > 0.0, g1, 0.0)                 # ReLU's gradient
        db1 = dh.sum(axis=0)
        s += float(h[0, 0]) + float(loss) + float(db2[0]) + float(db1[0])
    return s


def _sgd(p: Tensor, g: Tensor, lr: float) -> None:
    # the step's update loop (stdlib/optim.py sgd_update without weight decay)
    pf = p.reshape(-1)
    gf = g.reshape(-1)
    for i in range(pf.size):
        pf[i] = pf[i] - lr * gf[i]


def sgd_update(w1: Tensor, gw1: Tensor, b1: Tensor, gb1: Tensor, w2: Tensor, gw2: Tensor,
               b2: Tensor, gb2: Tensor, lr: float, n: int) -> float:
    for i in range(n):
        _sgd(w1, gw1, lr)
        _sgd(b1, gb1, lr)
        _sgd(w2, gw2, lr)
        _sgd(b2, gb2, lr)
    return float(w1[0, 0])


def nothing(x: Tensor, y: Tensor, b1: Tensor, w1: Tensor, b2: Tensor, w2: Tensor,
            counters: Tensor, hyper: Tensor) -> float:
    return 0.0


# ---------------------------------------------------------------- the pool's jobs

def pool_jobs(step, x, y, threads: int, steps: int = 200) -> tuple[list, list]:
    """The thread pool's calls in a step: the import table's "parallel_for" slot is pointed
    at a recorder that forwards to the pool, for `steps` steps.  Returns the (n, grain,
    chunks) of every call of one step, and the step's timeline at its two longest pool
    calls (the two big products): [(phase, seconds)], the mean of the fastest tenth of
    the steps, less the recorder's own cost (a ctypes callback: ~1 us a call, measured as the
    step with it less the step without, per call)."""
    import ctypes

    from pts.runtime import native
    ftype = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
                             ctypes.c_int64)
    slot = native.IMPORTS.index("parallel_for")
    real_addr = native.IMPORT_TABLE[slot]
    real = ftype(real_addr)
    calls: list = []
    clock = time.perf_counter

    def record(fn, data, n, grain):
        # the chunks pts_parallel_for makes (runtime/c/threads.h)
        k = 1 if threads <= 1 or n < 2 * grain else min(n // grain, 4 * threads)
        t0 = clock()
        real(fn, data, n, grain)
        calls.append((n, grain, k, t0, clock()))
    recorder = ftype(record)

    def fastest_tenth(ts: list) -> float:
        ts = sorted(ts)[:max(1, len(ts) // 10)]
        return sum(ts) / len(ts)
    plain = []
    for _ in range(steps):
        t0 = clock()
        step(x, y)
        plain.append(clock() - t0)
    native.IMPORT_TABLE[slot] = ctypes.cast(recorder, ctypes.c_void_p).value
    lines, first = [], None
    try:
        for _ in range(steps):
            calls.clear()
            t0 = clock()
            step(x, y)
            t1 = clock()
            first = first or [c[:3] for c in calls]
            # the two big products: the two longest calls, in the order they ran
            big = sorted(sorted(calls, key=lambda c: c[3] - c[4])[:2], key=lambda c: c[3])
            if len(big) == 2:
                (_, _, _, f0, f1), (_, _, _, w0, w1) = big
                # the recorded calls each segment holds (the recorder's cost is in them)
                n = [sum(1 for c in calls if a <= c[3] < z) for a, z in
                     ((t0, f0), (f0, f1), (f1, w0), (w0, w1), (w1, t1))]
                lines.append((f0 - t0, f1 - f0, w0 - f1, w1 - w0, t1 - w1, t1 - t0,
                              n[0] + 1, 1, n[2] - 1, 1, n[4] - 1))
    finally:
        native.IMPORT_TABLE[slot] = real_addr
    timeline = []
    if lines:
        lines.sort(key=lambda v: v[5])
        best = lines[:max(1, len(lines) // 10)]
        # the recorder (a ctypes callback into Python) costs ~1 us a call: its cost per
        # call from the step with and without it, taken off each segment for its calls
        per_call = max(0.0, (sum(v[5] for v in best) / len(best) - fastest_tenth(plain))
                       / max(1, len(first or [])))
        names = ("entry to the forward product", "forward product (pool call)",
                 "between the two (serial)", "weight gradient (pool call)",
                 "after it: update, return (serial)")
        timeline = [(name, sum(v[i] - per_call * v[6 + i] for v in best) / len(best))
                    for i, name in enumerate(names)]
        timeline += [("step (its Python call), unrecorded", fastest_tenth(plain)),
                     ("recorder, per call (taken off above)", per_call)]
    return first or [], timeline


# ---------------------------------------------------------------- timing

def alternate(fs: dict, rounds: int) -> dict:
    """{name: (median s, min s)} per call: each f() runs REPS calls and returns; the
    implementations take turns, round by round."""
    for f in fs.values():           # warm-up (compilation, first-touch, BLAS buffers)
        f()
        f()
    if hasattr(pts, "wait_optimized"):
        pts.wait_optimized()
    samples: dict = {name: [] for name in fs}
    for _ in range(rounds):
        for name, f in fs.items():
            t0 = time.perf_counter()
            f()
            samples[name].append((time.perf_counter() - t0) / REPS)
    return {name: (statistics.median(v), min(v)) for name, v in samples.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--eager-ms", type=float, default=0.0,
                    help="torch eager's step to divide by 3 (default: this run's min)")
    ap.add_argument("--rt", action="store_true",
                    help="measure under SCHED_FIFO (root): other processes wait")
    opts = ap.parse_args(argv)
    rt = ""
    if opts.rt:
        try:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
            rt = ", SCHED_FIFO"
        except (AttributeError, PermissionError, OSError) as e:
            print(f"--rt: {e}; measuring at normal priority", file=sys.stderr)
    pts.set_num_threads(opts.threads)
    try:
        import torch
        torch.set_num_threads(opts.threads)
    except ImportError:
        torch = None

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import training
    model, x, y = training.mlp_setup(False)
    model.train()
    opt = pts.optim.SGD(model.parameters(), lr=0.01)
    step = pts.train_step(model, training._loss_for("mlp"), opt)

    rng = np.random.default_rng(2)
    f32 = np.float32
    w1 = rng.standard_normal((256, 784)).astype(f32) * f32(0.03)
    b1 = rng.standard_normal(256).astype(f32)
    w2 = rng.standard_normal((10, 256)).astype(f32) * f32(0.06)
    b2 = rng.standard_normal(10).astype(f32)
    dh = rng.standard_normal((64, 256)).astype(f32)
    h = rng.standard_normal((64, 256)).astype(f32)
    d = rng.standard_normal((64, 10)).astype(f32)
    z = rng.standard_normal((64, 10)).astype(f32)
    onehot = np.eye(10, dtype=f32)[y]
    gw1, gb1 = w1 * f32(1e-3), b1 * f32(1e-3)
    gw2, gb2 = w2 * f32(1e-3), b2 * f32(1e-3)
    uw1, ub1, uw2, ub2 = w1.copy(), b1.copy(), w2.copy(), b2.copy()
    counters, hyper = np.zeros(4), np.zeros(20)

    p_fwd, p_wg = pts.script(fwd_gemm), pts.script(wgrad_gemm)
    p_small, p_elt = pts.script(small_gemms), pts.script(elementwise)
    p_sgd, p_nothing = pts.script(sgd_update), pts.script(nothing)
    out_f, out_g = np.empty((64, 256), f32), np.empty((256, 784), f32)

    def steps():
        for _ in range(REPS):
            step(x, y)

    fs = {
        "pts step": steps,
        "pts gemm fwd": lambda: p_fwd(x, w1, REPS),
        "pts gemm wgrad": lambda: p_wg(dh, x, REPS),
        "numpy fwd": lambda: [np.matmul(x, w1.T, out=out_f) for _ in range(REPS)],
        "numpy wgrad": lambda: [np.matmul(dh.T, x, out=out_g) for _ in range(REPS)],
        "pts small gemms": lambda: p_small(h, w2, d, REPS),
        "pts elementwise": lambda: p_elt(dh, b1, z, b2, onehot, h, REPS),
        "pts sgd update": lambda: p_sgd(uw1, gw1, ub1, gb1, uw2, gw2, ub2, gb2, 1e-9, REPS),
        "pts call": lambda: [p_nothing(x, y, b1, w1, b2, w2, counters, hyper)
                             for _ in range(REPS)],
    }
    if torch is not None:
        tx, tw1, tdh = torch.from_numpy(x), torch.from_numpy(w1), torch.from_numpy(dh)
        tf, tg = torch.from_numpy(out_f), torch.from_numpy(out_g)
        fs["torch fwd"] = lambda: [torch.mm(tx, tw1.t(), out=tf) for _ in range(REPS)]
        fs["torch wgrad"] = lambda: [torch.mm(tdh.t(), tx, out=tg) for _ in range(REPS)]
        tm = training.torch_model(model).train()
        topt = torch.optim.SGD(tm.parameters(), lr=0.01)
        ty = torch.from_numpy(y)

        def torch_steps():
            for _ in range(REPS):
                topt.zero_grad(set_to_none=True)
                loss = torch.nn.functional.nll_loss(tm(tx), ty)
                loss.backward()
                topt.step()
        fs["torch eager step"] = torch_steps
    if opts.threads == 1:
        r = alternate(fs, opts.rounds)
        jobs, timeline = pool_jobs(step, x, y, opts.threads)
    else:
        # each library's pool spins after its jobs (OpenMP, OpenBLAS, pts's threads.c):
        # alternated with another library, it takes the cores the other's workers need
        r = {}
        for lib in ("pts", "torch", "numpy"):
            r.update(alternate({k: f for k, f in fs.items() if k.startswith(lib)},
                               opts.rounds))
            if lib == "pts":        # before the others' workers spin (see the top)
                jobs, timeline = pool_jobs(step, x, y, opts.threads)
    eager = opts.eager_ms / 1e3 if opts.eager_ms else r.get("torch eager step", (0, 0))[1]
    quiet = QUIET_EAGER_MS.get(opts.threads, 0.0) / 1e3
    print(f"\nMLP 784-256-10 b64 SGD step, {opts.threads} thread(s), load "
          f"{os.getloadavg()[0]:.1f}{rt}, {opts.rounds} rounds of {REPS} calls, alternated")
    for label, t in (("torch eager step (min) here", eager), ("torch eager, quiet", quiet)):
        if t:
            print(f"3x {label}: {t / 3 * 1e3:.3f} ms = the two big products alone at "
                  f"{2 * FLOP_BIG / (t / 3) / 1e9:.0f} GFLOP/s, nothing else")
    target = quiet or eager
    print(f"\n{'the two big products':24} {'median ms':>9} {'min ms':>8} {'GFLOP/s':>8} "
          f"{'min÷3x':>7}  (3x: of torch eager, {'quiet' if quiet else 'here'})")
    for lib in ("pts gemm", "torch", "numpy"):
        fwd, wg = (r.get(f"{lib} fwd"), r.get(f"{lib} wgrad")) if lib != "pts gemm" else \
            (r["pts gemm fwd"], r["pts gemm wgrad"])
        if fwd is None:
            continue
        med, mn = fwd[0] + wg[0], fwd[1] + wg[1]
        ratio = f"{mn / (target / 3):7.2f}" if target else "    n/a"
        print(f"{lib + ' fwd + wgrad':24} {med * 1e3:9.3f} {mn * 1e3:8.3f} "
              f"{2 * FLOP_BIG / mn / 1e9:8.0f} {ratio}")
        for part, v in (("fwd", fwd), ("wgrad", wg)):
            print(f"{'  ' + part:24} {v[0] * 1e3:9.3f} {v[1] * 1e3:8.3f} "
                  f"{FLOP_BIG / v[1] / 1e9:8.0f}")
    for name in ("pts step", "torch eager step"):
        if name in r:
            ratio = f"{r[name][1] / (target / 3):7.2f}" if target else "    n/a"
            print(f"{name:24} {r[name][0] * 1e3:9.3f} {r[name][1] * 1e3:8.3f} "
                  f"{'':8} {ratio}")

    phases = [("forward gemm", "pts gemm fwd"), ("weight-gradient gemm", "pts gemm wgrad"),
              ("small layer's gemms", "pts small gemms"), ("elementwise", "pts elementwise"),
              ("SGD update", "pts sgd update"), ("call overhead", "pts call")]
    # shares of the least disturbed samples (min): on a loaded machine the medians of
    # the step and of its phases are disturbed by different amounts
    total = r["pts step"][1]
    print(f"\n{'pts step profile':24} {'median ms':>9} {'min ms':>8} {'share':>6}  (of min)")
    acc = 0.0
    for label, key in phases:
        acc += r[key][1]
        print(f"{label:24} {r[key][0] * 1e3:9.3f} {r[key][1] * 1e3:8.3f} "
              f"{r[key][1] / total:6.0%}")
    print(f"{'rest (step - phases)':24} {'':9} {(total - acc) * 1e3:8.3f} "
          f"{(total - acc) / total:6.0%}")
    print(f"{'step':24} {r['pts step'][0] * 1e3:9.3f} {total * 1e3:8.3f}")
    split = [(n, g, k) for n, g, k in jobs if k > 1]
    print(f"\npool calls per step: {len(jobs)}, {len(split)} of them split: " +
          ", ".join(f"{k} chunks of {n} units (grain {g})" for n, g, k in split))
    if timeline:
        print(f"\n{'the step, timed at its pool calls':36} {'us':>6}  (fastest tenth of 200 steps)")
        for name, t in timeline:
            print(f"{name:36} {t * 1e6:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
