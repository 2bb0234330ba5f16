"""Gradient micro benchmark: a model's forward against its value_and_grad, pts against torch
eager autograd, in one process.

Workloads (bench/training.py's models and weights, eval mode: no running-stat writes):
  myconv  MyConv, batch 128 (--quick: 8) of 3x28x28 float32 images, nll_loss
  mlp     784 -> 256 -> 10, batch 64 (--quick: 8), nll_loss

Per workload, pts: `pts.script(model)(x)` and `pts.value_and_grad(loss)(model, x, y)` —
the first call (compilation included; the disk cache is off unless --cache, so that it
is a cold compile) and the median of the later calls; torch (when it imports): the forward
under no_grad and forward + backward (autograd, set_to_none gradients), medians.  Printed:
the medians, grad/forward ratio of each, pts/torch of each, and the largest relative
difference between pts's gradient and torch's (same weights, same batch: a check that
the two compute the same thing, not a timing).  Times are wall clock medians on what may
be a shared machine: compare within one run.  --threads N (default 1) sets pts's and
torch's threads (on a loaded machine torch's spinning threads can make 2 threads 10x slower).

    python bench/grad.py [--only myconv,mlp] [--repeat N] [--threads N] [--quick]
                         [--cache] [--json PATH]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
F = None            # pts.nn.functional, imported by _loss_for (after main's environment)


def _time(fn, repeat: int, settle=None) -> tuple[float, list[float]]:
    """(the first call's seconds, the later calls' seconds); `settle` runs between them
    (pts.wait_optimized: the steady state is the optimized code, and no background
    compile competes with what is timed next)."""
    t0 = time.perf_counter()
    fn()
    first = time.perf_counter() - t0
    if settle is not None:
        settle()
    later = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        later.append(time.perf_counter() - t0)
    return first, later


def _setup(workload: str, quick: bool):
    sys.path.insert(0, HERE)
    import training          # bench/training.py: the same models, weights and batches
    model, x, y = training.WORKLOADS[workload][0](quick)
    return training, model.eval(), x, y


def _loss_for(model_cls):
    """nll_loss of the model's output, with the model's class in its annotation (pts
    compiles a loss per model class; it reads F as a global)."""
    global F
    import pts.nn.functional as F
    from pts import Tensor

    def loss(model: model_cls, x: Tensor, y: Tensor) -> float:
        return F.nll_loss(model(x), y)
    return loss


def run_pts(workload: str, repeat: int, quick: bool) -> dict:
    import numpy as np

    import pts
    training, model, x, y = _setup(workload, quick)
    sm = pts.script(model)
    vg = pts.value_and_grad(_loss_for(type(model)))
    out: dict = {}
    first, later = _time(lambda: sm(x), repeat, pts.wait_optimized)
    out["fwd_first_s"], out["fwd_s"] = first, statistics.median(later)
    result = {}

    def grad():
        result["v"] = vg(model, x, y)
    first, later = _time(grad, repeat, pts.wait_optimized)
    out["grad_first_s"], out["grad_s"] = first, statistics.median(later)
    loss, grads = result["v"]
    out["loss"] = float(loss)
    out["grads"] = {k: np.asarray(v) for k, v in grads.items()}
    return out


def run_torch(workload: str, repeat: int, quick: bool) -> dict:
    import torch
    training, model, x, y = _setup(workload, quick)
    tm = training.torch_model(model).eval()
    tx, ty = torch.from_numpy(x), torch.from_numpy(y)

    def fwd():
        with torch.no_grad():
            tm(tx)

    def grad():
        for p in tm.parameters():
            p.grad = None
        loss = torch.nn.functional.nll_loss(tm(tx), ty)
        loss.backward()
        return loss.item()
    out: dict = {}
    first, later = _time(fwd, repeat)
    out["fwd_s"] = statistics.median(later)
    first, later = _time(grad, repeat)
    out["grad_s"] = statistics.median(later)
    out["loss"] = grad()
    out["grads"] = {k: p.grad.numpy().copy() for k, p in tm.named_parameters()}
    return out


def max_rel_diff(a: dict, b: dict) -> float:
    """The largest |a - b| / max|b| over the gradients both have (inf if a name is missing)."""
    import numpy as np
    worst = 0.0
    for k, v in b.items():
        if k not in a or a[k].shape != v.shape:
            return float("inf")
        scale = float(np.abs(v).max()) or 1.0
        worst = max(worst, float(np.abs(a[k].astype(np.float64) - v).max()) / scale)
    return worst


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="myconv,mlp")
    ap.add_argument("--repeat", type=int, default=None, help="timed calls after the first")
    ap.add_argument("--threads", type=int, default=1,
                    help="pts's and torch's threads")
    ap.add_argument("--quick", action="store_true", help="small batches, 2 timed calls")
    ap.add_argument("--cache", action="store_true", help="keep pts's disk cache on")
    ap.add_argument("--no-torch", action="store_true")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    if not args.cache:
        os.environ["PTS_CACHE"] = "0"
    repeat = args.repeat or (2 if args.quick else 5)
    import pts
    if args.threads and hasattr(pts, "set_num_threads"):
        pts.set_num_threads(args.threads)
    torch_ok = not args.no_torch
    if torch_ok:
        try:
            import torch
            if args.threads:
                torch.set_num_threads(args.threads)
        except ImportError:
            torch_ok = False
    rows = []
    for w in args.only.split(","):
        row = {"workload": w, "pts": run_pts(w, repeat, args.quick)}
        if torch_ok:
            row["torch"] = run_torch(w, repeat, args.quick)
            row["max_rel_grad_diff"] = max_rel_diff(row["pts"]["grads"], row["torch"]["grads"])
        rows.append(row)
        _print(row)
    if args.json:
        for r in rows:
            for impl in ("pts", "torch"):
                r.get(impl, {}).pop("grads", None)
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


def _print(row: dict) -> None:
    p, t = row["pts"], row.get("torch")
    ms = lambda s: f"{s * 1e3:9.1f} ms"  # noqa: E731
    print(f"{row['workload']}:")
    print(f"  pts   forward {ms(p['fwd_s'])} (first {ms(p['fwd_first_s'])})   "
          f"value_and_grad {ms(p['grad_s'])} (first {ms(p['grad_first_s'])})   "
          f"grad/fwd {p['grad_s'] / p['fwd_s']:5.2f}")
    if t is None:
        print("  torch n/a")
        return
    print(f"  torch forward {ms(t['fwd_s'])}                         "
          f"fwd+backward   {ms(t['grad_s'])}                        "
          f"grad/fwd {t['grad_s'] / t['fwd_s']:5.2f}")
    print(f"  pts/torch: forward {p['fwd_s'] / t['fwd_s']:.2f}x, gradient "
          f"{p['grad_s'] / t['grad_s']:.2f}x; loss {p['loss']:.6g} vs {t['loss']:.6g}, "
          f"max relative gradient difference {row['max_rel_grad_diff']:.1e}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
