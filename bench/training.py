"""Training benchmark: the seed experiment, pts against PyTorch (eager, torch.jit.script,
torch.compile), in one run.

Workloads (issue 28):
  myconv  MyConv (pts/demo_models.py: Conv2d/BatchNorm2d/ReLU x3 -> Linear/ReLU/Linear/
          LogSoftmax), batch 128 of 3x28x28 float32 images, NLLLoss, Adam(lr=1e-3),
          20 steps, training mode.
  mlp     784 -> 256 -> 10 (Linear/ReLU/Linear/LogSoftmax), batch 64, NLLLoss,
          SGD(lr=0.01), 200 steps: per-step overhead dominates.

Every implementation starts from the same weights: pts.nn's initialization
(pts.manual_seed(0)), copied into the torch model, and takes the same batch each step.
Each cell (workload, implementation, threads) runs in a fresh process, so that its peak
RSS (ru_maxrss of that process) is its own and no compiler's warm state helps another.
Reported per cell: the first step (compilation included: pts's compile, torch.compile's
Dynamo + Inductor, torch.jit.script's scripting), the median of the later steps, the total,
the final loss, peak RSS.  The ratio columns divide by torch.compile's and by torch eager's
median at the same thread count.  Times are wall clock on a shared machine: noisy, compare within one run.

pts runs `pts.train_step(model, loss_fn, opt)` (forward, backward and update in one native
call) when the installed pts has it, else `pts.value_and_grad(loss_fn)` then `opt.step`
(labelled "pts (grad+step)").  torch is optional: `make bench BENCH_TORCH=1` installs the CPU
build (`.[torch]`); without it its columns read n/a.

After the MLP's rows, bench/mlp_floor.py prints the MLP step's floor (its two big matrix
products alone in pts, torch and numpy, against a third of torch eager's step) and a
profile of pts's step, per thread count (--no-floor skips it).

`--rt` (root only) runs the MLP's cells and its floor under SCHED_FIFO, so that on a loaded
machine the other processes wait while they run (a few seconds each; see
bench/mlp_floor.py): without it, at 2 threads, pts's pool finds no free core and runs
serially, and torch's OpenMP workers wait for theirs.  MyConv's cells (minutes, with
torch.compile) run at normal priority either way.

    python bench/training.py [--only myconv,mlp] [--impls pts,torch,jit,compile]
                             [--threads 1,2] [--steps N] [--quick] [--json PATH]
                             [--no-floor] [--rt]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import pts.nn.functional as F
from pts import Tensor

IMPLS = ("pts", "torch", "jit", "compile")
LABELS = {"pts": "pts", "torch": "torch eager", "jit": "torch.jit.script",
          "compile": "torch.compile"}


# ---------------------------------------------------------------- the workloads, in pts

def myconv_setup(quick: bool):
    import numpy as np

    import pts
    from pts.demo_models import MyConv
    pts.manual_seed(0)
    model = MyConv()
    n = 4 if quick else 128
    rng = np.random.default_rng(0)
    x = rng.standard_normal((n, 3, 28, 28)).astype(np.float32)
    y = rng.integers(0, 10, n).astype(np.int64)
    return model, x, y


def mlp_model():
    import pts.nn as nn

    class MLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.net = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 10),
                                     nn.LogSoftmax(dim=1))

        def forward(self, x: Tensor) -> Tensor:
            return self.net(x)
    return MLP()


def mlp_setup(quick: bool):
    import numpy as np

    import pts
    pts.manual_seed(0)
    model = mlp_model()
    n = 8 if quick else 64
    rng = np.random.default_rng(1)
    x = rng.standard_normal((n, 784)).astype(np.float32)
    y = rng.integers(0, 10, n).astype(np.int64)
    return model, x, y


WORKLOADS = {
    # name: (setup, optimizer, its arguments, steps, label)
    "myconv": (myconv_setup, "Adam", {"lr": 1e-3}, 20, "MyConv b128 Adam"),
    "mlp": (mlp_setup, "SGD", {"lr": 0.01}, 200, "MLP 784-256-10 b64 SGD"),
}


def loss_fn(model, x, y) -> float:
    return F.nll_loss(model(x), y)


# ---------------------------------------------------------------- one cell, in its own process

def run_pts(workload: str, steps: int, quick: bool) -> dict:
    import pts
    setup, opt_name, opt_args, _, _ = WORKLOADS[workload]
    model, x, y = setup(quick)
    model.train()
    opt = getattr(pts.optim, opt_name)(model.parameters(), **opt_args)
    if hasattr(pts, "train_step"):
        step = pts.train_step(model, _loss_for(workload), opt)
        label = "pts"

        def one():
            return float(step(x, y))
    else:
        vg = pts.value_and_grad(_loss_for(workload))
        label = "pts (grad+step)"

        def one():
            loss, grads = vg(model, x, y)
            opt.step(grads)
            return float(loss)
    return dict(_time_steps(one, steps), impl=label)


def _loss_for(workload: str):
    """loss_fn with the model's class in its annotation (pts compiles it per class)."""
    setup = WORKLOADS[workload][0]
    model_cls = type(setup(True)[0])

    def loss(model: model_cls, x: Tensor, y: Tensor) -> float:
        return loss_fn(model, x, y)
    return loss


def torch_model(pts_model):
    """A torch.nn copy of the pts.nn model: same architecture, same weights and buffers."""
    import numpy as np
    import torch
    import torch.nn as tnn

    def convert(m):
        kind = type(m).__name__
        if kind == "Sequential":
            return tnn.Sequential(*[convert(c) for c in m])
        if kind == "Conv2d":
            c_out, c_in, kh, kw = m.weight.shape
            return tnn.Conv2d(c_in, c_out, (kh, kw), stride=m.stride, padding=m.padding)
        if kind == "BatchNorm2d":
            return tnn.BatchNorm2d(m.weight.shape[0], eps=m.eps, momentum=m.momentum)
        if kind == "Linear":
            return tnn.Linear(m.weight.shape[1], m.weight.shape[0])
        if kind == "ReLU":
            return tnn.ReLU()
        if kind == "LogSoftmax":
            return tnn.LogSoftmax(dim=m.dim)
        raise NotImplementedError(kind)

    children = dict(pts_model.named_children())
    if "convnet" in children:               # MyConv
        class Copy(tnn.Module):
            def __init__(self):
                super().__init__()
                self.convnet = convert(children["convnet"])
                self.linearnet = convert(children["linearnet"])

            def forward(self, x):
                x = self.convnet(x)
                return self.linearnet(x.reshape(x.shape[0], -1))
    else:                                   # the MLP
        class Copy(tnn.Module):
            def __init__(self):
                super().__init__()
                self.net = convert(children["net"])

            def forward(self, x):
                return self.net(x)

    tm = Copy()
    state = {k: torch.from_numpy(np.array(v)) for k, v in pts_model.state_dict().items()}
    tm.load_state_dict(state)
    return tm


def run_torch(workload: str, impl: str, steps: int, quick: bool) -> dict:
    import torch
    setup, opt_name, opt_args, _, _ = WORKLOADS[workload]
    model, x, y = setup(quick)
    tm = torch_model(model).train()
    opt = getattr(torch.optim, opt_name)(tm.parameters(), **opt_args)
    tx, ty = torch.from_numpy(x), torch.from_numpy(y)
    fwd = tm
    if impl == "jit":
        fwd = torch.jit.script(tm)
    elif impl == "compile":
        fwd = torch.compile(tm)

    def one():
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.nll_loss(fwd(tx), ty)
        loss.backward()
        opt.step()
        return float(loss)
    return dict(_time_steps(one, steps), impl=LABELS[impl])


def _time_steps(one, steps: int) -> dict:
    times, losses = [], []
    t_all = time.perf_counter()
    for _ in range(steps):
        t0 = time.perf_counter()
        losses.append(one())
        times.append(time.perf_counter() - t0)
    total = time.perf_counter() - t_all
    later = sorted(times[1:]) or times
    return {"first_ms": times[0] * 1e3, "median_ms": later[len(later) // 2] * 1e3,
            "total_s": total, "losses": losses}


def run_cell(workload: str, impl: str, threads: int, steps: int, quick: bool) -> dict:
    import resource
    if impl == "pts":
        import pts
        if hasattr(pts, "set_num_threads"):
            pts.set_num_threads(threads)
        out = run_pts(workload, steps, quick)
    else:
        import torch
        torch.set_num_threads(threads)
        out = run_torch(workload, impl, steps, quick)
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


# ---------------------------------------------------------------- the table

def have_torch() -> bool:
    try:
        import torch  # noqa: F401
        return True
    except ImportError:
        return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default=",".join(WORKLOADS))
    ap.add_argument("--impls", default=",".join(IMPLS))
    ap.add_argument("--threads", default=f"1,{os.cpu_count() or 1}")
    ap.add_argument("--steps", type=int, default=0, help="steps per cell (default: per workload)")
    ap.add_argument("--quick", action="store_true", help="tiny batches and 3 steps (tests)")
    ap.add_argument("--json", metavar="PATH")
    ap.add_argument("--no-floor", action="store_true",
                    help="skip the MLP's floor table (bench/mlp_floor.py)")
    ap.add_argument("--rt", action="store_true",
                    help="run the MLP's cells and floor under SCHED_FIFO (root; see below)")
    ap.add_argument("--cell", help=argparse.SUPPRESS)      # workload,impl,threads: one cell
    opts = ap.parse_args(argv)
    if opts.cell:
        workload, impl, threads = opts.cell.split(",")
        if opts.rt and workload == "mlp":
            # a loaded machine's other processes wait while this cell runs (a few seconds)
            try:
                os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
            except (AttributeError, OSError):
                pass
        steps = opts.steps or (3 if opts.quick else WORKLOADS[workload][3])
        try:
            out = run_cell(workload, impl, int(threads), steps, opts.quick)
        except Exception as e:                          # the table says why, not a traceback
            lines = [line for line in str(e).splitlines() if line.strip()]
            out = {"error": f"{type(e).__name__}: {lines[0] if lines else ''}"[:200]}
        print(json.dumps(out))
        return 0
    impls = [i for i in opts.impls.split(",") if i]
    torch_ok = have_torch()
    threads = sorted({int(t) for t in opts.threads.split(",") if t})
    rows = []
    for workload in [w for w in opts.only.split(",") if w]:
        for n in threads:
            for impl in impls:
                if impl != "pts" and not torch_ok:
                    rows.append({"workload": workload, "threads": n, "impl": LABELS[impl],
                                 "error": "torch not installed"})
                    continue
                print(f"bench/training.py: {workload}, {LABELS[impl]}, {n} thread(s)...",
                      file=sys.stderr, flush=True)
                cmd = [sys.executable, __file__, "--cell", f"{workload},{impl},{n}"]
                if opts.quick:
                    cmd.append("--quick")
                if opts.steps:
                    cmd += ["--steps", str(opts.steps)]
                if opts.rt:
                    cmd.append("--rt")
                env = dict(os.environ, OMP_NUM_THREADS=str(n), OPENBLAS_NUM_THREADS=str(n))
                r = subprocess.run(cmd, capture_output=True, text=True, env=env)
                try:
                    out = json.loads(r.stdout.strip().splitlines()[-1])
                except (IndexError, json.JSONDecodeError):
                    tail = (r.stderr.strip().splitlines() or ["no output"])[-1]
                    out = {"error": tail}
                out.setdefault("impl", LABELS[impl])
                rows.append(dict(out, workload=workload, threads=n))
    print_table(rows)
    if "mlp" in opts.only.split(",") and not opts.quick and not opts.no_floor:
        # the MLP step's floor: its two big products alone in pts, torch and numpy, and
        # where pts's step spends its time (issue 28's "MLP step >= 3x torch eager")
        floor = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mlp_floor.py")
        for n in threads:
            subprocess.run([sys.executable, floor, "--threads", str(n)] +
                           (["--rt"] if opts.rt else []))
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


def print_table(rows: list[dict]) -> None:
    print(f"\n{'workload':24} {'thr':>3} {'impl':18} {'1st step ms':>11} {'median ms':>10} "
          f"{'total s':>8} {'final loss':>11} {'peak MB':>8} {'÷compile':>9} {'÷eager':>7}")
    for r in rows:
        label = WORKLOADS[r["workload"]][4]
        if "error" in r:
            print(f"{label:24} {r['threads']:>3} {r['impl']:18} n/a ({r['error']})")
            continue
        ratios = []
        for impl in ("torch.compile", "torch eager"):
            ref = next((q for q in rows if q["workload"] == r["workload"] and
                        q["threads"] == r["threads"] and q["impl"] == impl and
                        "error" not in q), None)
            ratios.append(f"{r['median_ms'] / ref['median_ms']:.2f}" if ref else "n/a")
        print(f"{label:24} {r['threads']:>3} {r['impl']:18} {r['first_ms']:11.0f} "
              f"{r['median_ms']:10.3g} {r['total_s']:8.2f} {r['losses'][-1]:11.6f} "
              f"{r['peak_rss_mb']:8.0f} {ratios[0]:>9} {ratios[1]:>7}")


if __name__ == "__main__":
    sys.exit(main())
