"""`make demo`'s training part: the seed experiment — MyConv, batch 128, NLLLoss, Adam,
20 steps — trained with pts.

One step is forward, backward and the Adam update of every parameter in one native call
(`pts.train_step`).  Prints the loss of every step, the first step's time (compilation
included: it happens once per model, argument signature and train/eval mode) apart from
the steady state's median.  Then the same steps run again from C: the step is saved
(`pts.save(step, ...)`: its code, weights and optimizer state), its state set back to the
start and written as .npy files, and build/pts-run runs the steps from it (--load-state,
--steps), printing losses equal to Python's bit for bit (the same image and thread count).
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
    initial = {k: np.array(v) for k, v in model.state_dict().items()}      # for the C run
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
    _from_c(step, initial, x, y, losses)
    return 0


def build_pts_run():
    """(build/pts-run, None) after building the C runtime (make -f runtime/c/runtime.mk),
    or (None, why not): no C compiler, no source tree, or the build failed."""
    import shutil
    import subprocess
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    if shutil.which("cc") is None or not (root / "runtime" / "c" / "runtime.mk").is_file():
        return None, "needs a C compiler and the source tree (runtime/c)"
    r = subprocess.run(["make", "-s", "-f", "runtime/c/runtime.mk", "BUILD=build", "runtime"],
                       cwd=root, capture_output=True, text=True)
    if r.returncode != 0:
        return None, f"building the C runtime failed: {r.stderr.strip()[-300:]}"
    return root / "build" / "pts-run", None


def _from_c(step, initial: dict, x, y, losses) -> None:
    """The same steps from C: the step saved (pts.save: code, weights, optimizer state),
    its state set back to the start (the model's first weights, a fresh optimizer's zeros)
    and written as .npy files, then build/pts-run --load-state ... --steps N."""
    import pts
    try:
        import subprocess
        import tempfile
        from pathlib import Path
        run, why = build_pts_run()
        if run is None:
            print(f"  from C: skipped ({why})")
            return
        with tempfile.TemporaryDirectory(prefix="pts-train-") as d:
            d = Path(d)
            path = d / "myconv-train.pts"
            print("  saving the step (pts.save compiles an image per target)...",
                  file=sys.stderr, flush=True)
            t0 = time.perf_counter()
            pts.save(step, str(path), example_inputs=[x, y])
            saved = time.perf_counter() - t0
            loaded = pts.load(path)
            start = {}
            for name, a in loaded.state_dict().items():
                if name.startswith("model."):
                    start[name] = initial[name[len("model."):]]
                else:       # Adam's moments and step counts start at zero; lr stays
                    start[name] = a if name == "optim.hyper" else np.zeros_like(a)
            loaded.load_state_dict(start)
            loaded.save_state(d / "start")
            np.save(d / "x.npy", x)
            np.save(d / "y.npy", y)
            cmd = [str(run), str(path), "--threads",
                   str(pts.get_num_threads()), "--load-state", str(d / "start"), "--steps",
                   str(len(losses)), str(d / "x.npy"), str(d / "y.npy")]
            print(f"  running {len(losses)} steps with build/pts-run...", file=sys.stderr,
                  flush=True)
            t0 = time.perf_counter()
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
            ran = time.perf_counter() - t0
            if r.returncode != 0:
                raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr else "failed")
            c = [float(v) for v in r.stdout.split()]
            size = path.stat().st_size
    except Exception as e:
        print(f"  from C: not available ({type(e).__name__}: {str(e).splitlines()[0]})")
        return
    print(f"\n  The same {len(losses)} steps from C: pts.save(step, ...) ({saved:.1f} s, "
          f"{size / 2**20:.0f} MB with the weights and Adam's state), the state set back to "
          f"the start, then\n  build/pts-run myconv-train.pts --load-state start/ --steps "
          f"{len(losses)} x.npy y.npy  ({ran:.1f} s, loading included)")
    print("  step  pts.train_step (Python)  pts-run (C)")
    for i, (a, b) in enumerate(zip(losses, c)):
        print(f"  {i + 1:4d}  {a!r:>23}  {b!r:>19}{'' if a == b else '  DIFFERENT'}")
    same = c == losses
    print(f"  the losses from C {'equal' if same else 'DIFFER from'} Python's bit for bit"
          + ("" if same else " (see above)"))


if __name__ == "__main__":
    raise SystemExit(main())
