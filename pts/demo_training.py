"""`make demo`'s training part: the seed experiment — MyConv, batch 128, NLLLoss, Adam,
20 steps — trained with pts.

One step is forward, backward and the Adam update of every parameter in one native call
(`pts.train_step`).  Prints the loss of every step, the first step's time (compilation
included: it happens once per model, argument signature and train/eval mode) apart from
the steady state's median.  Where pts can save
a training step (`pts.save(step, ...)` with its weights and optimizer state), the same
steps run again from C with build/pts-run, which must print the same losses bit for bit.
"""
from __future__ import annotations

import statistics
import sys
import time

import numpy as np

import pts.nn.functional as F
from pts import Tensor


def loss_fn_for(model_cls):
    """nll_loss of the model's output, with the model's class in the annotation."""
    def loss_fn(model: model_cls, x: Tensor, y: Tensor) -> float:
        return F.nll_loss(model(x), y)
    return loss_fn


def main(steps: int = 20, batch: int = 128) -> int:
    import pts
    from pts.demo_models import MyConv
    print(f"\nTraining: MyConv, batch {batch}, NLLLoss, Adam(lr=1e-3), {steps} steps "
          "(pts.train_step: forward + backward + update in one native call)")
    pts.manual_seed(0)
    model = MyConv().train()
    rng = np.random.default_rng(0)
    x = rng.standard_normal((batch, 3, 28, 28)).astype(np.float32)
    y = rng.integers(0, 10, batch).astype(np.int64)
    opt = pts.optim.Adam(model.parameters(), lr=1e-3)
    try:
        step = pts.train_step(model, loss_fn_for(MyConv), opt)
        print("  step 1 compiles the step first (once; later steps reuse it)...",
              file=sys.stderr, flush=True)
        times, losses = [], []
        for i in range(steps):
            t0 = time.perf_counter()
            losses.append(step(x, y))
            times.append(time.perf_counter() - t0)
            print(f"  step {i + 1:2d}  loss {losses[-1]:.6f}  {times[-1] * 1e3:8.1f} ms",
                  flush=True)
    except Exception as e:
        print(f"  pts: not available ({type(e).__name__}: {str(e).splitlines()[0]})")
        return 1
    steady = statistics.median(times[1:]) if len(times) > 1 else times[0]
    print(f"  first step {times[0]:.2f} s (compile + run), steady state {steady * 1e3:.0f} ms "
          f"per step (median of steps 2-{steps})")
    _from_c(step, model, x, y, losses)
    return 0


def _from_c(step, model, x, y, losses) -> None:
    """The same steps from C, where pts can save a training step."""
    import pts
    try:
        import shutil
        import subprocess
        import tempfile
        from pathlib import Path
        root = Path(__file__).resolve().parent.parent
        if shutil.which("cc") is None or not (root / "runtime" / "c" / "runtime.mk").is_file():
            print("  from C: skipped (needs a C compiler and the source tree)")
            return
        r = subprocess.run(["make", "-s", "-f", "runtime/c/runtime.mk", "BUILD=build",
                            "runtime"], cwd=root, capture_output=True, text=True)
        if r.returncode != 0:
            print("  from C: skipped (building the C runtime failed)")
            return
        with tempfile.TemporaryDirectory(prefix="pts-train-") as d:
            path = Path(d) / "myconv-train.pts"
            pts.save(step, str(path), example_inputs=[x, y])
            np.save(Path(d) / "x.npy", x)
            np.save(Path(d) / "y.npy", y)
            again = pts.load(path)
            py = [again(x, y) for _ in range(len(losses))]
            r = subprocess.run([str(root / "build" / "pts-run"), str(path), "--steps",
                                str(len(losses)), str(Path(d) / "x.npy"), str(Path(d) / "y.npy"),
                                "--save-state", str(Path(d) / "out")],
                               capture_output=True, text=True, timeout=1200)
            if r.returncode != 0:
                raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr else "failed")
            c = [float(v) for v in r.stdout.split()]
    except Exception as e:
        print(f"  from C: not available yet ({type(e).__name__}: {str(e).splitlines()[0]})")
        return
    print(f"  the saved step from C (build/pts-run --steps {len(losses)}): losses "
          f"{'equal' if c == py else 'DIFFER from'} pts.load's in Python bit for bit "
          f"(last {c[-1]:.6f})")


if __name__ == "__main__":
    raise SystemExit(main())
