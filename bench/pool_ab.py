"""The thread pool's policy on real workloads: this clone's pool against a baseline's, in
one process, alternated, quiet and loaded.

Compiled code reaches the pool through the import table slot "parallel_for"
(runtime/native.py IMPORT_TABLE), read at every call, so one process can swap pools
between two calls: the baseline's runtime/c/threads.c (git revision --baseline) is built
as a shared library and its pts_parallel_for put in the slot for the "old" turns.  The
same compiled code, weights, inputs and memory run under every pool; only the policy
differs.  Cells: 1 thread (the reference: both pools call fn(0, n) at once), old at
--threads, new at --threads.  Each round gives every cell one turn of --calls calls, in
turn, after a 5 ms sleep (a pool that spins after a call must not slow the next cell's);
a cell's figure is the median of all its calls.

Workloads: the training steps of bench/training.py (mlp: 784-256-10 b64 SGD; myconv:
MyConv b128 Adam, --myconv to include it: ~1 s a step) and the pts rows of
bench/tensors.py (GELU 4M, softmax and layer norm 2048x1024, matmul 512 and 1024, MLP
256x784-512-10, MyConv forward b128).  "loaded" repeats the rounds with another process
busy on one core.  Timings are printed, never asserted; the load average is printed with
them (the machine may be shared).

    python bench/pool_ab.py [--only mlp,gelu,...] [--myconv] [--threads 2] [--rounds 7]
                            [--calls 5] [--baseline REV] [--no-loaded]
"""
from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import pts  # noqa: E402
from pts.backend.abi import IMPORTS  # noqa: E402
from pts.runtime import native, threads  # noqa: E402

BASELINE = "3074ec8"        # the pool before the spin/oversplit/cost-model policy
SLOT = IMPORTS.index("parallel_for")


def old_pool(tmp: Path, rev: str):
    """The baseline's threads.c as a shared library: (its pts_parallel_for, its
    pts_set_num_threads)."""
    src = tmp / "threads_old.c"
    src.write_bytes(subprocess.run(["git", "show", f"{rev}:runtime/c/threads.c"], cwd=ROOT,
                                   capture_output=True, check=True).stdout)
    lib = tmp / "libthreads_old.so"
    subprocess.run(["cc", "-std=c11", "-O2", "-shared", "-fPIC", "-pthread",
                    f"-I{ROOT / 'runtime' / 'c'}", str(src), "-o", str(lib)], check=True)
    so = ctypes.CDLL(str(lib))
    so.pts_set_num_threads.argtypes = [ctypes.c_int]
    return ctypes.cast(so.pts_parallel_for, ctypes.c_void_p).value, so.pts_set_num_threads, so


def training_step(name: str):
    import training
    setup, opt_name, opt_args, _, _ = training.WORKLOADS[name]
    model, x, y = setup(False)
    model.train()
    opt = getattr(pts.optim, opt_name)(model.parameters(), **opt_args)
    step = pts.train_step(model, training._loss_for(name), opt)
    return f"train {training.WORKLOADS[name][4]}", lambda: step(x, y)


def tensor_row(name: str):
    import tensors
    w = next(w for w in tensors.WORKLOADS if w.name == name)
    label, _, target, args = w.make(False)
    f = pts.script(target, backend="native") if name == "myconv" else pts.script(target)
    return label, lambda: f(*args)


def workloads(only: list[str], myconv: bool):
    rows = {"mlp": lambda: training_step("mlp")}
    if myconv:
        rows["myconv_train"] = lambda: training_step("myconv")
    for name in ("gelu", "softmax", "layer_norm", "matmul512", "matmul1024", "mlp_fwd",
                 "myconv"):
        rows[name] = (lambda n: lambda: tensor_row("mlp" if n == "mlp_fwd" else n))(name)
    return {k: v for k, v in rows.items() if not only or k in only}


def measure(calls: dict, cells: dict, rounds: int, per_turn: int) -> dict:
    times = {(w, c): [] for w in calls for c in cells}
    for _ in range(rounds):
        for w, call in calls.items():
            for c, use in cells.items():
                use()
                time.sleep(0.005)
                for _ in range(per_turn):
                    t0 = time.perf_counter()
                    call()
                    times[w, c].append(time.perf_counter() - t0)
    return {k: statistics.median(v) * 1e3 for k, v in times.items()}


def table(title: str, res: dict, calls: dict, cells: dict, labels: dict) -> None:
    names = list(cells)
    print(f"\n{title}: median ms per call; (ratio to 1 thread)   load average "
          f"{os.getloadavg()[0]:.2f}")
    print(f"{'workload':34} " + " ".join(f"{n:>18}" for n in names))
    for w in calls:
        ref = res[w, names[0]]
        print(f"{labels[w]:34} " + " ".join(
            f"{res[w, n]:10.3f} ({res[w, n] / ref:4.2f})" for n in names))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="")
    ap.add_argument("--myconv", action="store_true", help="include MyConv's training step")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--calls", type=int, default=5)
    ap.add_argument("--baseline", default=BASELINE)
    ap.add_argument("--no-loaded", action="store_true")
    opts = ap.parse_args(argv)
    if not threads.PARALLEL:
        print("bench/pool_ab.py: pts._threads is not built")
        return 1
    only = [s for s in opts.only.split(",") if s]
    t = opts.threads
    with tempfile.TemporaryDirectory() as tmp:
        old_pf, old_set, _keep = old_pool(Path(tmp), opts.baseline)
        new_pf = threads.PARALLEL_FOR
        old_set(t)

        def use(pf, n):
            def go():
                pts.set_num_threads(n)
                native.IMPORT_TABLE[SLOT] = pf
            return go
        cells = {"1 thread": use(new_pf, 1), f"old {t} threads": use(old_pf, t),
                 f"new {t} threads": use(new_pf, t)}
        calls, labels = {}, {}
        for name, make in workloads(only, opts.myconv).items():
            labels[name], calls[name] = make()
            for c in cells.values():        # compiled, warmed, every pool's workers made
                c()
                calls[name]()
                calls[name]()
        print(f"bench/pool_ab.py: {os.cpu_count()} CPUs, baseline {opts.baseline}, "
              f"{opts.rounds} rounds x {opts.calls} calls per cell")
        try:
            res = measure(calls, cells, opts.rounds, opts.calls)
            table("quiet (no load added)", res, calls, cells, labels)
            if not opts.no_loaded:
                hog = subprocess.Popen([sys.executable, "-c", "while 1: pass"])
                try:
                    res = measure(calls, cells, opts.rounds, opts.calls)
                finally:
                    hog.kill()
                    hog.wait()
                table("loaded (+1 busy process)", res, calls, cells, labels)
        finally:
            native.IMPORT_TABLE[SLOT] = new_pf
    return 0


if __name__ == "__main__":
    np.seterr(all="ignore")
    sys.exit(main())
