"""Tensor benchmark: numpy eager vs pts vs PyTorch (eager, torch.jit.script, torch.compile).

The tensor section of `make bench` (issue 6, build point 6).  float32 workloads, each written
once as an ordinary numpy function in the pts subset (or, for MyConv, as a pts.nn model):

    GELU (tanh form) over 4M elements, row softmax 2048x1024, row layer norm 2048x1024 (with
    weight and bias), matmul 512 and 1024, MLP 256x784->512->10 (linear + relu + linear),
    MyConv forward at batch 128 (pts/demo_models.py).

Implementations, all in one run on the same input arrays: numpy eager (the function called
directly), pts (`pts.script(fn)`, `pts.script(model, backend="native")`), and when torch is
importable the same programs written with torch ops: PyTorch eager, torch.jit.script and
torch.compile (Inductor, CPU).  Every result is compared with numpy's (np.allclose with the
tolerance printed in the header) before anything is timed; a result that disagrees reads
MISMATCH in its cell instead of a time, an implementation that raises reads "error", and the
reason is in the row's note.  Timings are printed, never asserted.

Each cell is the median of N steady-state calls after a warm-up call.  The implementations
of a workload are timed in alternation, one call each per round, for about `budget` seconds
per implementation: a shared machine's speed drifts by tens of percent within seconds, and
alternating makes every implementation see the same drift, so the ratios hold even when the
times move.  With more than one thread they alternate in turns of several calls, each after
a short sleep: thread pools keep spinning after a call and would slow the next
implementation's (`alternate`).  A warm-up call slower than `cap` seconds is the cell's
only sample (runs = 1).
The table is printed twice: with 1 thread and with all threads (--threads).  Threads are set with
threadpoolctl for numpy (OpenBLAS), torch.set_num_threads for torch and
pts.set_num_threads for pts (cells read n/a while pts has no such function).

Compile times: pts "1st call" = `ScriptFunction.compiled(args)` (frontend + passes + LLVM,
no run: what the first call waits for; first call minus median where that method is
missing); pts "-O3 ready" = that plus `pts.wait_optimized()` (where pts compiles a quick
tier first and LLVM -O3 in the background, the steady state is timed on the -O3 code, after
that wait, at most --pts-wait seconds); torch.jit.script = script() plus the first call
minus the median; torch.compile = first call minus the median.  Each compiler
first compiles one trivial function (reported as its start-up), so that the per-workload
numbers are per function; the pts code cache is off (PTS_CACHE=0) and Inductor writes into
a fresh temporary cache, so nothing comes from a previous run.  Every compile and first call
is timed after a full garbage collection (`collected`): Python's collector runs a full
collection when enough objects have survived since the last one, which after torch.compile's
work costs 150-280 ms here, and it fell into whichever compile came next.

OpenBLAS: OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE, if set, force a slower kernel; run as a
script, this file re-executes itself without them before importing numpy.  Where numpy was
imported with them (e.g. under pytest), or threadpoolctl is missing, numpy's cells are
measured in a subprocess with a clean environment and OPENBLAS_NUM_THREADS=n.  The header
names the OpenBLAS kernel that ran.

torch is the optional extra `.[torch]` (`make bench BENCH_TORCH=1` installs it); without it
the torch columns read n/a.  --quick: tiny sizes in seconds, for tests/test_bench_smoke.py.

    python bench/tensors.py [--quick] [--threads 1,2] [--only gelu,softmax]
                            [--impls numpy,pts,torch,jit,compile] [--json PATH]
"""
from __future__ import annotations

import os
import sys

SLOW_OPENBLAS_VARS = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")

if (__name__ == "__main__" and "numpy" not in sys.modules
        and any(v in os.environ for v in SLOW_OPENBLAS_VARS)):
    _env = {k: v for k, v in os.environ.items() if k not in SLOW_OPENBLAS_VARS}
    _env["PTS_BENCH_UNSET"] = " ".join(f"{v}={os.environ[v]}" for v in SLOW_OPENBLAS_VARS
                                       if v in os.environ)
    os.execve(sys.executable, [sys.executable, os.path.abspath(__file__), *sys.argv[1:]], _env)

import argparse  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

BENCH_FILE = os.path.abspath(__file__)
REPO = os.path.dirname(os.path.dirname(BENCH_FILE))
IMPLS = ("numpy", "pts", "torch", "jit", "compile")
IMPL_TITLES = {"numpy": "numpy", "pts": "pts", "torch": "torch", "jit": "jit.script",
               "compile": "t.compile"}
NUMPY_ENV_CLEAN = not any(v in os.environ for v in SLOW_OPENBLAS_VARS)

torch = None                # imported on demand (import_torch): it takes a second or two


# ================================================================ the workloads (pts subset)

def gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + np.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))


def softmax(x: np.ndarray) -> np.ndarray:
    m = x.max(axis=-1, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(axis=-1, keepdims=True)


def layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    mu = x.mean(axis=-1, keepdims=True)
    d = x - mu
    var = (d * d).mean(axis=-1, keepdims=True)
    return d / np.sqrt(var + 1e-5) * w + b


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def mlp(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray,
        b2: np.ndarray) -> np.ndarray:
    return np.maximum(x @ w1 + b1, 0.0) @ w2 + b2


def mask_write(x: np.ndarray) -> np.ndarray:
    # Z[Z < 0] = 0 on a copy (so that every call writes: the input keeps its negatives)
    z = x.copy()
    z[z < 0] = 0
    return z


def gather(x: np.ndarray, idx: np.ndarray) -> np.ndarray:
    return x[idx]


# ---------------------------------------------------------------- the same in torch ops

def t_gelu(x):
    return 0.5 * x * (1.0 + torch.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))


def t_softmax(x):
    m = x.amax(dim=-1, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)


def t_layer_norm(x, w, b):
    mu = x.mean(dim=-1, keepdim=True)
    d = x - mu
    var = (d * d).mean(dim=-1, keepdim=True)
    return d / torch.sqrt(var + 1e-5) * w + b


def t_matmul(a, b):
    return a @ b


def t_mlp(x, w1, b1, w2, b2):
    return torch.relu(x @ w1 + b1) @ w2 + b2


def t_mask_write(x):
    z = x.clone()
    z[z < 0] = 0
    return z


def t_gather(x, idx):
    return x[idx]


def torch_myconv(model):
    """MyConv in torch.nn with the weights and buffers of the pts.nn `model`."""
    nn = torch.nn

    class MyConv(nn.Module):
        def __init__(self):
            super().__init__()
            self.convnet = nn.Sequential(
                nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
                nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
                nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU())
            self.linearnet = nn.Sequential(
                nn.Linear(64 * 28 * 28, 1024), nn.ReLU(), nn.Linear(1024, 10),
                nn.LogSoftmax(dim=1))

        def forward(self, x):
            batch = x.shape[0]
            x = self.convnet(x)
            x = x.reshape(batch, -1)
            return self.linearnet(x)

    tm = MyConv()
    state = {k: torch.from_numpy(np.array(v)) for k, v in model.state_dict().items()}
    tm.load_state_dict(state)
    return tm.eval()


class Workload:
    """One row: `make(quick)` -> (label, numpy callable, args); `torch_fn` the torch version
    (a function of the same arguments as tensors, or a builder from the pts model)."""

    def __init__(self, name, fn, shapes, quick_shapes, torch_fn, rtol, atol, label):
        self.name, self.fn, self.torch_fn = name, fn, torch_fn
        self.shapes, self.quick_shapes = shapes, quick_shapes
        self.rtol, self.atol, self.label = rtol, atol, label

    def make(self, quick: bool):
        """(label, eager callable, its pts-scriptable target, args) with seeded inputs."""
        shapes = self.quick_shapes if quick else self.shapes
        rng = np.random.default_rng(sum(map(ord, self.name)))
        if self.name == "myconv":
            import pts
            from pts.demo_models import MyConv
            pts.manual_seed(0)
            model = MyConv().eval()
            x = rng.standard_normal(shapes[0]).astype(np.float32)
            return self.label(shapes), model, model, (x,)
        args = tuple(rng.standard_normal(s).astype(np.float32) for s in shapes)
        if self.name == "gather":       # int64 indices into x, in random order
            args = (args[0], rng.integers(0, shapes[0][0], shapes[1][0]))
        if self.name == "mlp":          # weights at the scale of a default init
            args = (args[0], args[1] / np.sqrt(np.float32(shapes[1][0])), args[2],
                    args[3] / np.sqrt(np.float32(shapes[3][0])), args[4])
        return self.label(shapes), self.fn, self.fn, args


WORKLOADS = [
    Workload("gelu", gelu, [(1 << 22,)], [(4096,)], "t_gelu", 1e-4, 1e-5,
             lambda s: f"gelu tanh {s[0][0] // 1024}K" if s[0][0] < 1 << 20
             else f"gelu tanh {s[0][0] >> 20}M"),
    Workload("softmax", softmax, [(2048, 1024)], [(64, 32)], "t_softmax", 1e-4, 1e-7,
             lambda s: "softmax rows {}x{}".format(*s[0])),
    Workload("layer_norm", layer_norm, [(2048, 1024), (1024,), (1024,)],
             [(64, 32), (32,), (32,)], "t_layer_norm", 1e-4, 1e-4,
             lambda s: "layer norm {}x{}".format(*s[0])),
    Workload("matmul512", matmul, [(512, 512), (512, 512)], [(16, 16), (16, 16)], "t_matmul",
             1e-3, 1e-3, lambda s: f"matmul {s[0][0]}"),
    Workload("matmul1024", matmul, [(1024, 1024), (1024, 1024)], [(24, 24), (24, 24)],
             "t_matmul", 1e-3, 1e-3, lambda s: f"matmul {s[0][0]}"),
    Workload("mlp", mlp, [(256, 784), (784, 512), (512,), (512, 10), (10,)],
             [(8, 20), (20, 16), (16,), (16, 4), (4,)], "t_mlp", 1e-3, 1e-4,
             lambda s: "mlp {}x{}-{}-{}".format(s[0][0], s[0][1], s[1][1], s[3][1])),
    Workload("mask_write", mask_write, [(1 << 20,)], [(4096,)], "t_mask_write", 0, 0,
             lambda s: f"Z[Z < 0] = 0, {s[0][0] >> 20}M" if s[0][0] >= 1 << 20
             else f"Z[Z < 0] = 0, {s[0][0] // 1024}K"),
    Workload("gather", gather, [(1 << 20,), (1 << 20,)], [(4096,), (4096,)], "t_gather", 0, 0,
             lambda s: f"gather x[idx] {s[0][0] >> 20}M" if s[0][0] >= 1 << 20
             else f"gather x[idx] {s[0][0] // 1024}K"),
    Workload("myconv", None, [(128, 3, 28, 28)], [(2, 3, 28, 28)], "torch_myconv", 1e-3, 1e-3,
             lambda s: f"MyConv fwd batch {s[0][0]}"),
]


# ================================================================ environment

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
    return {"nproc": os.cpu_count() or 1, "cpu": cpu, "python": platform.python_version(),
            "numpy": np.__version__}


def openblas_info() -> dict:
    """The BLAS numpy loaded, as threadpoolctl sees it (kernel = OpenBLAS core type)."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return {"error": "threadpoolctl not installed"}
    for lib in threadpool_info():
        if lib.get("user_api") == "blas":
            return {"library": lib.get("internal_api"), "version": lib.get("version"),
                    "kernel": lib.get("architecture"), "threads": lib.get("num_threads")}
    return {"error": "no BLAS found by threadpoolctl"}


def have_threadpoolctl() -> bool:
    try:
        import threadpoolctl  # noqa: F401
        return True
    except ImportError:
        return False


def import_torch():
    """torch, or None when not importable (the torch columns then read n/a)."""
    global torch
    if torch is None:
        try:
            import torch as _torch
            torch = _torch
        except Exception:
            return None
        import warnings         # torch 2.10+: "`torch.jit.script` is deprecated"
        warnings.filterwarnings("ignore", message=r"`torch\.jit\.script` is deprecated",
                                category=DeprecationWarning)
    return torch


def error_text(e: BaseException) -> str:
    msg = (str(e).strip().splitlines() or [""])[0]
    text = f"{type(e).__name__}: {msg}" if msg else type(e).__name__
    return text if len(text) <= 150 else text[:147] + "..."


# ================================================================ timing

def measure(f, args, budget: float, cap: float, min_runs: int, max_runs: int,
            warmups: int = 1, compiles: bool = False) -> dict:
    """Time `f(*args)` alone: warm_up, then steady-state calls until `budget` seconds (at
    least `min_runs`, at most `max_runs`).  Returns {first_s, median_s, runs, result}.
    (numpy in a subprocess; the in-process cells alternate: `alternate`.)"""
    m = warm_up(f, args, cap, warmups, compiles)
    if "median_s" in m:
        return m
    samples = alternate({"f": (f, args)}, budget, cap, min_runs, max_runs)["f"]
    return dict(m, median_s=statistics.median(samples), runs=len(samples))


def warm_up(f, args, cap: float, warmups: int = 1, compiles: bool = False) -> dict:
    """The first call(s) of `f(*args)`: {first_s, result}, and median_s and runs = 1 too when
    a call is slower than `cap` (its only sample; unless it `compiles`: then the second
    call decides)."""
    collected()
    t0 = time.perf_counter()
    result = f(*args)
    first = time.perf_counter() - t0
    out = {"first_s": first, "result": result}
    if first > cap:
        if not compiles:
            return dict(out, median_s=first, runs=1)
        t0 = time.perf_counter()
        f(*args)
        second = time.perf_counter() - t0
        if second > cap:
            return dict(out, median_s=second, runs=1)
    for _ in range(warmups - 1):
        f(*args)
    return out


def collected() -> None:
    """A full garbage collection, before a timed compile or first call (module docstring)."""
    gc.collect()


# The all-threads table alternates in turns (`alternate`): this many per implementation,
# each after SETTLE seconds of sleep.
TURNS = 3
SETTLE = 0.2


def alternate(calls: dict, budget: float, cap: float, min_runs: int, max_runs: int,
              settle: float = 0.0) -> dict:
    """{name: [seconds, ...]}: rounds of one call of each `calls[name] = (f, args)`, until
    every name has `min_runs` samples and the rounds took `budget` seconds per name, or
    `max_runs` rounds; a call slower than `cap` ends the rounds.

    With `settle` (the all-threads table), turns instead of rounds: TURNS times, each
    implementation sleeps `settle` seconds, makes one untimed call, then calls for
    budget / TURNS seconds in a row.  After a call, OpenBLAS's and OpenMP's workers wait
    busily before they sleep: after numpy's 2-thread 512^3 matmul the process burnt 52 ms
    of CPU in a 50 ms sleep and 70-100 ms in longer ones (torch: 8 ms).  With one call each
    per round, every implementation ran against the previous one's spinning workers (pts's
    matmul 1024 on 2 threads read 12.9 ms alone and 25.5 ms after numpy's and torch's)."""
    if settle > 0 and len(calls) > 1:
        return _turns(calls, budget, cap, min_runs, max_runs, settle)
    samples: dict = {name: [] for name in calls}
    start = time.perf_counter()
    for _ in range(max_runs):
        for name, (f, args) in calls.items():
            t0 = time.perf_counter()
            f(*args)
            samples[name].append(time.perf_counter() - t0)
        if any(v[-1] > cap for v in samples.values()):
            break
        if len(samples[name]) >= min_runs and \
                time.perf_counter() - start >= budget * len(calls):
            break
    return samples


def _turns(calls: dict, budget: float, cap: float, min_runs: int, max_runs: int,
           settle: float) -> dict:
    """`alternate` in turns (see there)."""
    samples: dict = {name: [] for name in calls}
    for turn in range(TURNS):
        for name, (f, args) in calls.items():
            time.sleep(settle)
            f(*args)
            start = time.perf_counter()
            ts = samples[name]
            while len(ts) < max_runs:
                t0 = time.perf_counter()
                f(*args)
                ts.append(time.perf_counter() - t0)
                if ts[-1] > cap:
                    return samples
                if len(ts) >= -(-min_runs // TURNS) * (turn + 1) and \
                        time.perf_counter() - start >= budget / TURNS:
                    break
    return samples


def compare(got, want, rtol: float, atol: float) -> str | None:
    """None when `got` agrees with numpy's `want`, else what differs."""
    if torch is not None and isinstance(got, torch.Tensor):
        got = got.detach().numpy()
    if not isinstance(got, np.ndarray):
        return f"returned {type(got).__name__}"
    if got.shape != want.shape:
        return f"shape {got.shape} != {want.shape}"
    if got.dtype != want.dtype:
        return f"dtype {got.dtype} != {want.dtype}"
    if not np.allclose(got, want, rtol=rtol, atol=atol):
        bad = ~np.isclose(got, want, rtol=rtol, atol=atol)
        err = np.abs(got.astype(np.float64) - want)
        return (f"{int(bad.sum())} of {want.size} elements differ, max |diff| "
                f"{float(np.nanmax(err)) if err.size else 0:.3g}")
    return None


# ================================================================ numpy in a clean subprocess

def numpy_worker(opts) -> int:
    """--numpy-worker: time numpy eager on the selected workloads; one JSON line out."""
    out = {"blas": openblas_info(), "cells": {}}
    for w in selected(opts):
        try:
            _label, eager, _target, args = w.make(opts.quick)
            m = measure(eager, args, opts.budget, opts.cap, opts.min_runs, opts.max_runs)
            out["cells"][w.name] = {"ms": m["median_s"] * 1e3, "runs": m["runs"]}
        except Exception as e:
            out["cells"][w.name] = {"error": error_text(e)}
    print("RESULT " + json.dumps(out))
    return 0


def numpy_in_subprocess(opts, threads: int) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in SLOW_OPENBLAS_VARS}
    env.update(OPENBLAS_NUM_THREADS=str(threads), OMP_NUM_THREADS=str(threads),
               PTS_CACHE="0")
    cmd = [sys.executable, BENCH_FILE, "--numpy-worker", "--only",
           ",".join(w.name for w in selected(opts)), "--budget", str(opts.budget),
           "--cap", str(opts.cap)] + (["--quick"] if opts.quick else [])
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=REPO,
                           timeout=1800)
    except subprocess.TimeoutExpired:
        return {"error": "numpy subprocess timed out"}
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    lines = (p.stderr.strip() or f"exit code {p.returncode}").splitlines()
    return {"error": "numpy subprocess: " + lines[-1][:150]}


# ================================================================ the implementations

class Impls:
    """Builds (once) and caches the callables of each implementation for each workload."""

    def __init__(self, opts, log):
        self.opts, self.log = opts, log
        self.pts_fns: dict = {}
        self.torch_fns: dict = {}
        self.jit_fns: dict = {}
        self.compiled_fns: dict = {}
        self.compile_ms: dict = {}       # (workload, impl, threads) -> ms
        self.startup: dict = {}
        self.pts_notes: dict = {}        # workload -> note on how pts ran

    # ---- pts
    def pts_warmup(self):
        import pts

        def double(x: np.ndarray) -> np.ndarray:
            return x * 2.0
        try:
            t0 = time.perf_counter()
            pts.script(double)(np.ones(4, np.float32))
            self.startup["pts"] = f"{(time.perf_counter() - t0) * 1e3:.0f} ms"
        except Exception as e:
            self.startup["pts"] = f"error ({error_text(e)})"

    def pts(self, w, target, args):
        """The scripted callable; compiles now (timed) where pts lets us compile alone."""
        if w.name not in self.pts_fns:
            import pts
            if w.name == "myconv":
                f = pts.script(target, backend="native")
                comp = getattr(getattr(f, "forward", None), "compiled", None)
            else:
                f = pts.script(target)
                comp = getattr(f, "compiled", None)
            self.pts_fns[w.name] = f
            if comp is not None:
                collected()
                t0 = time.perf_counter()
                comp(args)
                self.compile_ms[(w.name, "pts", 0)] = (time.perf_counter() - t0) * 1e3
                # tiers (backend.jit): the first call may run quickly compiled code while
                # LLVM -O3 works in the background; time that too, and time the -O3 code
                if hasattr(pts, "wait_optimized"):
                    if pts.wait_optimized(self.opts.pts_wait):
                        self.compile_ms[(w.name, "pts-O3", 0)] = (
                            (time.perf_counter() - t0) * 1e3)
                    else:
                        self.pts_notes[w.name] = (f"pts timed on its quick tier: -O3 not "
                                                  f"ready after {self.opts.pts_wait:g} s")
        return self.pts_fns[w.name]

    # ---- torch
    def torch_warmup(self):
        def double(x):
            return x * 2.0
        try:
            t0 = time.perf_counter()
            torch.jit.script(double)(torch.ones(4))
            self.startup["jit"] = f"{(time.perf_counter() - t0) * 1e3:.0f} ms"
        except Exception as e:
            self.startup["jit"] = f"error ({error_text(e)})"
        if "compile" in self.opts.impls:
            try:
                t0 = time.perf_counter()
                torch.compile(double)(torch.ones(4))
                self.startup["compile"] = f"{(time.perf_counter() - t0) * 1e3:.0f} ms"
            except Exception as e:
                self.startup["compile"] = f"error ({error_text(e)})"

    def torch_eager(self, w, target):
        if w.name not in self.torch_fns:
            fn = globals()[w.torch_fn]
            self.torch_fns[w.name] = fn(target) if w.name == "myconv" else fn
        return self.torch_fns[w.name]

    def torch_jit(self, w, target):
        if w.name not in self.jit_fns:
            eager = self.torch_eager(w, target)
            collected()
            t0 = time.perf_counter()
            self.jit_fns[w.name] = torch.jit.script(eager)
            self.compile_ms[(w.name, "jit.script()", 0)] = (time.perf_counter() - t0) * 1e3
        return self.jit_fns[w.name]

    def torch_compiled(self, w, target, threads):
        """torch.compile per thread count: Inductor bakes the thread count into its code."""
        key = (w.name, threads)
        if key not in self.compiled_fns:
            eager = self.torch_eager(w, target)
            self.compiled_fns[key] = torch.compile(eager)
        return self.compiled_fns[key]


def selected(opts):
    return [w for w in WORKLOADS if not opts.only or w.name in opts.only]


def run_mode(opts, impls: Impls, threads: int, refs: dict, labels: dict, log) -> dict:
    """All cells for one thread count: {workload: {impl: cell}}; a cell is {ms, runs} or
    {error} or {mismatch, ms} or {na}."""
    rows = {}
    numpy_sub = None
    if "numpy" in opts.impls and not opts.numpy_inproc:
        numpy_sub = numpy_in_subprocess(opts, threads)
        impls.blas_sub = numpy_sub.get("blas")
    has_pts_threads = False
    try:
        import pts
        has_pts_threads = hasattr(pts, "set_num_threads")
        if has_pts_threads:
            pts.set_num_threads(threads)
    except Exception:
        pass
    if torch is not None:
        torch.set_num_threads(threads)
        if "compile" in opts.impls and threads != opts.modes[0]:
            try:                # Dynamo would reuse the code compiled for the other count
                torch._dynamo.reset()
            except Exception:
                pass
    for w in selected(opts):
        label, eager, target, args = w.make(opts.quick)
        labels[w.name] = label
        row = rows[w.name] = {}
        if w.name not in refs:
            try:
                refs[w.name] = eager(*args)
            except Exception as e:
                refs[w.name] = e
        ref = refs[w.name]
        timings: dict = {}              # impl -> (f, args): warmed up, timed in alternation
        for impl in IMPLS:
            if impl not in opts.impls:
                row[impl] = {"na": "skipped"}
                continue
            if impl in ("torch", "jit", "compile") and torch is None:
                row[impl] = {"na": "torch not installed"}
                continue
            if impl == "pts" and threads != 1 and not has_pts_threads:
                row[impl] = {"na": "pts.set_num_threads n/a"}
                continue
            if impl == "numpy" and numpy_sub is not None:
                cell = numpy_sub.get("cells", {}).get(w.name) or {
                    "error": numpy_sub.get("error", "no result")}
                if isinstance(ref, Exception):
                    cell = {"error": error_text(ref)}
                row[impl] = cell
                continue
            row[impl], timing = run_cell(opts, impls, w, impl, threads, eager, target, args,
                                         ref)
            if timing is not None:
                timings[impl] = timing
        time_cells(opts, threads, row, timings)
        compile_times(impls, w, threads, row)
        if log:
            for impl, cell in row.items():
                if "na" not in cell:
                    log(f"  [{threads}T] {label:<24} {IMPL_TITLES[impl]:<10} {fmt_cell(cell)}"
                        + (f"  ({cell.get('error') or cell.get('mismatch')})"
                           if "error" in cell or "mismatch" in cell else ""))
    return rows


def run_cell(opts, impls: Impls, w, impl, threads, eager, target, args, ref):
    """Warm up implementation `impl` of workload w and check its result: (cell, timing),
    timing = (f, args) for `alternate` (None when the cell is final: an error, or a warm-up
    slower than the cap, whose time is the cell's)."""
    cap = opts.pts_cap if impl == "pts" else opts.cap
    warmups = 2 if impl == "jit" else 1    # the profiling executor optimizes on call 2
    try:
        if impl == "numpy":
            if isinstance(ref, Exception):
                raise ref
            from threadpoolctl import threadpool_limits
            f, call_args = eager, args
            with threadpool_limits(limits=threads, user_api="blas"):
                m = warm_up(f, call_args, cap)
        else:
            if impl == "pts":
                f = impls.pts(w, target, args)
                call_args = args
            else:
                call_args = tuple(torch.from_numpy(a) for a in args)
                if impl == "torch":
                    f = impls.torch_eager(w, target)
                elif impl == "jit":
                    f = impls.torch_jit(w, target)
                else:
                    f = impls.torch_compiled(w, target, threads)
            compiles = impl in ("jit", "compile") or (
                impl == "pts" and (w.name, "pts", 0) not in impls.compile_ms)
            if impl != "pts" and torch is not None:
                with torch.no_grad():
                    m = warm_up(f, call_args, cap, warmups, compiles)
            else:
                m = warm_up(f, call_args, cap, warmups, compiles)
    except Exception as e:
        return {"error": error_text(e)}, None
    cell = {"first_ms": m["first_s"] * 1e3}
    if impl != "numpy" and not isinstance(ref, Exception):
        bad = compare(m["result"], ref, w.rtol, w.atol)
        if bad:
            cell["mismatch"] = bad
    if "median_s" in m:
        cell.update(ms=m["median_s"] * 1e3, runs=m["runs"])
        return cell, None
    return cell, (f, call_args)


def time_cells(opts, threads: int, row: dict, timings: dict) -> None:
    """Time the warmed-up cells of one workload in alternation (`alternate`): numpy with
    OpenBLAS limited to `threads`, the torch ones without autograd."""
    import contextlib
    if not timings:
        return
    with contextlib.ExitStack() as stack:
        if "numpy" in timings:
            from threadpoolctl import threadpool_limits
            stack.enter_context(threadpool_limits(limits=threads, user_api="blas"))
        if torch is not None:
            stack.enter_context(torch.no_grad())
        try:
            samples = alternate(timings, opts.budget, max(opts.cap, opts.pts_cap),
                                opts.min_runs, opts.max_runs,
                                settle=SETTLE if threads > 1 and not opts.quick else 0.0)
        except Exception as e:
            for impl in timings:
                row[impl] = {"error": error_text(e)}
            return
    for impl, ts in samples.items():
        row[impl].update(ms=statistics.median(ts) * 1e3, runs=len(ts))


def compile_times(impls: Impls, w, threads: int, row: dict) -> None:
    """Compile times that are a first call minus the steady state (see the module docstring)."""
    def extra(impl):
        cell = row.get(impl, {})
        return max(cell["first_ms"] - cell["ms"], 0.0) if "ms" in cell and "first_ms" in cell else 0.0
    if "ms" in row.get("jit", {}) and (w.name, "jit", 0) not in impls.compile_ms:
        impls.compile_ms[(w.name, "jit", 0)] = (
            impls.compile_ms.pop((w.name, "jit.script()", 0), 0.0) + extra("jit"))
    if "ms" in row.get("compile", {}):
        impls.compile_ms[(w.name, "compile", threads)] = extra("compile")
    if "ms" in row.get("pts", {}) and (w.name, "pts", 0) not in impls.compile_ms:
        impls.compile_ms[(w.name, "pts", 0)] = extra("pts")


# ================================================================ report

def fmt_cell(cell: dict) -> str:
    if "na" in cell:
        return "n/a"
    if "error" in cell:
        return "error"
    if "mismatch" in cell:
        return "MISMATCH"
    ms = cell["ms"]
    return f"{ms:.2f}" if ms < 100 else f"{ms:.1f}" if ms < 10000 else f"{ms:.0f}"


def fmt_ratio(row: dict, a: str, b: str) -> str:
    ca, cb = row.get(a, {}), row.get(b, {})
    if "ms" in ca and "ms" in cb and not {"mismatch", "error"} & (set(ca) | set(cb)):
        return f"{ca['ms'] / cb['ms']:.2f}"
    return "n/a"


def format_table(rows: dict, labels: dict, refs: dict, pts_notes: dict) -> str:
    cols = [(IMPL_TITLES[i] + " ms", i) for i in IMPLS]
    head = (f"{'workload':<24}" + "".join(f"{t:>14}" for t, _ in cols)
            + f"{'pts/numpy':>11}{'pts/torch':>11}{'pts/t.compile':>15}  {'runs n/p/t/j/c':<20}"
            + "  note")
    lines = [head, "-" * len(head)]
    for name, row in rows.items():
        runs = "/".join(str(row[i].get("runs", "-")) for i in IMPLS)
        notes = []
        for i in IMPLS:
            c = row[i]
            if "error" in c:
                notes.append(f"{IMPL_TITLES[i]}: {c['error']}")
            elif "mismatch" in c:
                notes.append(f"{IMPL_TITLES[i]} MISMATCH: {c['mismatch']}")
            elif "na" in c and i == "pts" and "set_num_threads" in c["na"]:
                notes.append("pts: no pts.set_num_threads")
        if name in pts_notes:
            notes.append(pts_notes[name])
        if isinstance(refs.get(name), Exception):
            notes.insert(0, "numpy reference failed")
        lines.append(f"{labels[name]:<24}" + "".join(f"{fmt_cell(row[i]):>14}" for i in IMPLS)
                     + f"{fmt_ratio(row, 'pts', 'numpy'):>11}"
                     + f"{fmt_ratio(row, 'pts', 'torch'):>11}"
                     + f"{fmt_ratio(row, 'pts', 'compile'):>15}  {runs:<20}  "
                     + "; ".join(notes))
    return "\n".join(lines)


def format_compile(impls: Impls, labels: dict, modes: list[int]) -> str:
    cm = impls.compile_ms
    heads = [("pts", 0, "pts 1st call"), ("pts-O3", 0, "pts -O3 ready"),
             ("jit", 0, "jit.script")]
    heads += [("compile", n, f"t.compile {n}T") for n in modes]
    head = f"{'compile ms':<24}" + "".join(f"{h:>16}" for _, _, h in heads)
    lines = [head, "-" * len(head)]
    for name, label in labels.items():
        cells = []
        for impl, n, _ in heads:
            v = cm.get((name, impl, n))
            cells.append(f"{v:.0f}" if v is not None else "n/a")
        lines.append(f"{label:<24}" + "".join(f"{c:>16}" for c in cells))
    lines.append("start-up (first compile of a trivial `x * 2.0` in this process, not in the "
                 "rows above): " + ", ".join(f"{IMPL_TITLES[k]} {v}"
                                             for k, v in impls.startup.items()))
    return "\n".join(lines)


# ================================================================ main

def parse_args(argv):
    ap = argparse.ArgumentParser(prog="bench/tensors.py", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="tiny sizes, few repeats, no torch.compile unless --impls names it "
                         "(for the tests: checks the table, not the times)")
    ap.add_argument("--threads", default=None,
                    help="comma-separated thread counts (default: 1 and all cores)")
    ap.add_argument("--only", default="", help="comma-separated workload names: "
                    + ",".join(w.name for w in WORKLOADS))
    ap.add_argument("--impls", default=None, help="comma-separated, of " + ",".join(IMPLS))
    ap.add_argument("--budget", type=float, default=None, help="seconds of repeats per cell")
    ap.add_argument("--cap", type=float, default=None,
                    help="a first call slower than this (s) is the cell's only sample")
    ap.add_argument("--pts-cap", type=float, default=None, help="--cap for the pts cells")
    ap.add_argument("--pts-wait", type=float, default=None,
                    help="seconds to wait for pts's background -O3 code before timing it")
    ap.add_argument("--json", metavar="PATH", help="also write the numbers to PATH as JSON")
    ap.add_argument("-v", "--verbose", action="store_true", help="log each cell to stderr")
    ap.add_argument("--numpy-subprocess", action="store_true",
                    help="time numpy in a subprocess even where it could be timed in process")
    ap.add_argument("--numpy-worker", action="store_true", help=argparse.SUPPRESS)
    opts = ap.parse_args(argv)
    opts.only = [s for s in opts.only.split(",") if s]
    unknown = set(opts.only) - {w.name for w in WORKLOADS}
    if unknown:
        ap.error(f"unknown workload(s): {', '.join(sorted(unknown))}")
    if opts.impls is None:
        opts.impls = [i for i in IMPLS if not (opts.quick and i == "compile")]
    else:
        opts.impls = [s for s in opts.impls.split(",") if s]
        if set(opts.impls) - set(IMPLS):
            ap.error(f"--impls: choose from {', '.join(IMPLS)}")
    if opts.budget is None:
        opts.budget = 0.02 if opts.quick else 1.0
    if opts.cap is None:
        opts.cap = 5.0 if opts.quick else 3.0
    if opts.pts_wait is None:
        opts.pts_wait = 30.0 if opts.quick else 300.0
    if opts.pts_cap is None:
        opts.pts_cap = opts.cap
    # at least 15 samples a cell: MyConv's ~0.35 s calls gave only 3 within the budget; a
    # median of 3 on this shared machine moved its pts/torch ratio by +-0.07 between runs,
    # and one of 7 read 1.19 where same-process A/Bs of 25 read 0.88-0.95
    opts.min_runs, opts.max_runs = (1, 3) if opts.quick else (15, 200)
    nproc = os.cpu_count() or 1
    if opts.threads:
        opts.modes = [nproc if s.strip() == "all" else int(s) for s in opts.threads.split(",")]
    else:
        opts.modes = sorted({1, nproc})
    opts.numpy_inproc = (NUMPY_ENV_CLEAN and have_threadpoolctl()
                         and not opts.numpy_subprocess)
    return opts


def main(argv=None) -> int:
    opts = parse_args(argv)
    if opts.numpy_worker:
        return numpy_worker(opts)
    saved = {k: os.environ.get(k) for k in ("PTS_CACHE", "TORCHINDUCTOR_CACHE_DIR")}
    try:
        return run(opts)
    finally:                               # main() may run inside another program (tests)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def run(opts) -> int:
    os.environ["PTS_CACHE"] = "0"          # compile times are real compiles, not cache hits
    log = (lambda s: print(s, file=sys.stderr, flush=True)) if opts.verbose else None
    info = machine_info()
    want_torch = {"torch", "jit", "compile"} & set(opts.impls)
    tmp = tempfile.TemporaryDirectory(prefix="pts-bench-inductor-")
    if want_torch:
        os.environ.setdefault("TORCHINDUCTOR_CACHE_DIR", tmp.name)
        import_torch()
    impls = Impls(opts, log)
    impls.blas_sub = None
    if "pts" in opts.impls:
        impls.pts_warmup()
    if torch is not None:
        impls.torch_warmup()

    refs, labels, tables = {}, {}, {}
    for n in opts.modes:
        tables[n] = run_mode(opts, impls, n, refs, labels, log)
    if torch is not None:
        torch.set_num_threads(info["nproc"])

    blas = openblas_info() if opts.numpy_inproc else (impls.blas_sub or {})
    blas_text = (f"{blas.get('library')} {blas.get('version')}, kernel {blas.get('kernel')}"
                 if "kernel" in blas else f"unknown ({blas.get('error', 'no information')})")
    where = "in process" if opts.numpy_inproc else "in a subprocess with a clean environment"
    unset = os.environ.get("PTS_BENCH_UNSET")
    torch_text = (torch.__version__ if torch is not None
                  else "not installed" if want_torch else "not used")
    print(f"tensors: float32; nproc={info['nproc']}  cpu={info['cpu']}  "
          f"python={info['python']}  numpy={info['numpy']}  torch={torch_text}")
    print(f"numpy BLAS: {blas_text}; numpy timed {where}"
          + (f"; re-executed without {unset}" if unset else ""))
    print(f"each cell: median ms of N steady-state calls after a warm-up call (N in 'runs'), "
          f"~{opts.budget:g} s per cell; a warm-up slower than {opts.pts_cap:g} s (pts) / "
          f"{opts.cap:g} s (others) is the only sample; shared, noisy machine"
          + ("; --quick sizes" if opts.quick else ""))
    print("results checked against numpy before timing, np.allclose with (rtol, atol): "
          + ", ".join(f"{w.name} ({w.rtol:g}, {w.atol:g})" for w in selected(opts)))
    print("ratios: time / time (below 1: pts is faster)")
    for n, rows in tables.items():
        print()
        title = "1 thread" if n == 1 else f"{n} threads" + (" (all)" if n == info["nproc"]
                                                             else "")
        print(f"== {title} ==")
        print(format_table(rows, labels, refs, impls.pts_notes))
    cells = [c for rows in tables.values() for row in rows.values()
             for impl, c in row.items() if impl != "numpy"]
    checked = sum(1 for c in cells if "ms" in c) - sum(1 for c in cells if "mismatch" in c)
    bad = sum(1 for c in cells if "mismatch" in c)
    errors = sum(1 for c in cells if "error" in c)
    print()
    print(f"results: {checked} timed cells of pts and torch agree with numpy"
          + (f"; {bad} MISMATCH" if bad else "") + (f"; {errors} errors" if errors else ""))
    print()
    print(format_compile(impls, labels, [n for n in opts.modes] if "compile" in opts.impls
                         and torch is not None else []))
    if opts.json:
        data = {"machine": info, "blas": blas, "quick": opts.quick, "budget_s": opts.budget,
                "modes": opts.modes, "labels": labels, "startup": impls.startup,
                "tables": {str(n): rows for n, rows in tables.items()},
                "compile_ms": {f"{k[0]}/{k[1]}/{k[2]}": v for k, v in impls.compile_ms.items()}}
        with open(opts.json, "w") as f:
            json.dump(data, f, indent=2, default=repr)
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
