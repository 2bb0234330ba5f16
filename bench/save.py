"""`pts.save` of a scripted model: cold (empty disk cache) and warm (the next process), with
a per-phase breakdown.

Issue 32, Build 5 ("`pts.save` of nanoGPT <= 2 s").  The four models of bench/model_cache.py
(cifar, myconv, nanogpt, rnn; its definitions).  Each row runs in fresh subprocesses with a
temporary `PTS_CACHE_DIR` (never ~/.cache): a process builds the model, scripts it, calls
it once (the first call: compiled, or from the disk cache) and then times `pts.save` of it
(all default targets: the host image and the x86-64 and aarch64 baselines): wall clock and
`cpu` (user + system time of the process and of the children it waited for).  `cold` is the
first process of an empty cache, `warm` the next one.  The phases are those
pts.runtime.archive_write.TIMINGS records for the save (seconds): `compile` (frontend and
IR passes of signatures the save could not take from the process), `merge` (renaming and
merging the entries' IR), `images` (every target's code and image, wall clock; `cached` says
how many came from the disk cache, and "host: the JIT's objects" when the host image is
the first call's objects linked (backend.save_images._from_jit); `codegen`: our codegen,
once for targets of the same
LLVM IR; `llvm`: LLVM's time on the targets' threads not hidden behind it), `zip` (the
manifest and the file).  The targets saved are printed under the table
(PTS_SAVE_TARGETS chooses them).  Then the archives
of both processes are loaded (pts.load) in this process and called with the same
arguments: `same` is ✓ when their outputs are equal bit for bit.

    python bench/save.py [--models cifar,myconv,nanogpt,rnn] [--repeat N]
        [--root DIR]    (the pts sources to run: a clone of another commit, for before/after)

Wall-clock on a shared machine (load printed): repeat a row when it matters; the best of
the repeats is shown.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# the packages of pyproject.toml's package-dir: `--root` imports pts from another clone
_PACKAGES = {"pts": "pts", "pts.grammar": "grammar", "pts.frontend": "frontend",
             "pts.ir": "ir", "pts.ir.passes": "ir/passes", "pts.backend": "backend",
             "pts.runtime": "runtime", "pts.stdlib": "stdlib", "pts.nn": "pts/nn",
             "pts.optim": "pts/optim"}


def _use_root(root: str) -> None:
    """Import pts's packages from `root` (a clone) instead of the installed ones; the C
    extensions (pts._dispatch, pts._threads) of the installed pts are found by name."""
    import importlib.abc
    import importlib.util

    class Packages(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            d = _PACKAGES.get(name)
            if d is None:
                return None
            return importlib.util.spec_from_file_location(
                name, os.path.join(root, d, "__init__.py"),
                submodule_search_locations=[os.path.join(root, d)])
    sys.meta_path.insert(0, Packages())


def _child(name: str, path: str) -> dict:
    import time
    t0 = time.perf_counter()
    sys.path.insert(0, HERE)
    from model_cache import make

    import pts
    model, args = make(name)
    m = pts.script(model)
    t1 = time.perf_counter()
    m(*args)
    t_call = time.perf_counter() - t1
    try:
        from pts.runtime import archive_write
    except ImportError:
        archive_write = None
    import resource

    def cpu():
        return sum(getattr(resource.getrusage(w), f) for w in
                   (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
                   for f in ("ru_utime", "ru_stime"))
    c1 = cpu()
    t1 = time.perf_counter()
    pts.save(m, path)
    t_save = time.perf_counter() - t1
    c_save = cpu() - c1
    phases = dict(getattr(archive_write, "TIMINGS", {}) or {})
    targets = archive_write.default_targets() if archive_write else []
    return {"save": t_save, "cpu": c_save, "call": t_call, "process": time.perf_counter() - t0,
            "phases": phases, "pts": os.path.dirname(os.path.dirname(pts.__file__)),
            "targets": targets}


def _run(name: str, cache_dir: str, path: str, root: str | None) -> dict:
    env = dict(os.environ, PTS_CACHE_DIR=cache_dir)
    cmd = [sys.executable, os.path.abspath(__file__), "--child", name, "--out", path]
    if root:
        cmd += ["--root", root]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(f"{name}: {p.stderr.strip()[-3000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def _same(a: str, b: str, name: str) -> bool:
    """The two archives' outputs for the model's arguments, equal bit for bit."""
    import numpy as np

    import pts
    sys.path.insert(0, HERE)
    from model_cache import make
    _model, args = make(name)
    outs = []
    for path in (a, b):
        r = pts.load(path)(*args)
        outs.append(r if isinstance(r, tuple) else (r,))
    return all(np.array_equal(x, y) for x, y in zip(*outs))


def _phase_text(ph: dict) -> str:
    if not ph:
        return "-"
    keys = ("compile", "merge", "images", "codegen", "llvm", "link", "zip")
    out = " ".join(f"{k} {ph[k]:.2f}" for k in keys if k in ph)
    if "cached" in ph:
        out += f" (cached {ph['cached']}/{ph.get('targets', '?')})"
    if ph.get("jit"):
        out += " (host: the JIT's objects)"
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default="cifar,myconv,nanogpt,rnn")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--root")
    ap.add_argument("--child")
    ap.add_argument("--out")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON too")
    opts = ap.parse_args(argv)
    if opts.child:
        if opts.root:
            _use_root(opts.root)
        print(json.dumps(_child(opts.child, opts.out)))
        return 0
    print(f"pts.save of a model (issue 32, Build 5): cold = empty disk cache, warm = the next "
          f"process; best of {opts.repeat}; load {os.getloadavg()[0]:.1f} (wall clock, shared "
          f"machine){'; sources ' + opts.root if opts.root else ''}")
    print(f"{'model':<9}{'cold s':>8}{'cpu s':>7}{'warm s':>8}{'cpu s':>7}  same  "
          f"phases cold | warm")
    rows = []
    bad = 0
    for name in opts.models.split(","):
        cold = warm = None
        same = True
        for _ in range(opts.repeat):
            with tempfile.TemporaryDirectory(prefix="pts-bench-save-") as d:
                a, b = os.path.join(d, "cold.pts"), os.path.join(d, "warm.pts")
                cache = os.path.join(d, "cache")
                c = _run(name, cache, a, opts.root)
                w = _run(name, cache, b, opts.root)
                same = same and _same(a, b, name)
            if cold is None or c["save"] < cold["save"]:
                cold = c
            if warm is None or w["save"] < warm["save"]:
                warm = w
        bad += not same
        rows.append({"model": name, "cold": cold, "warm": warm, "same": same})
        print(f"{name:<9}{cold['save']:>8.2f}{cold['cpu']:>7.2f}{warm['save']:>8.2f}"
              f"{warm['cpu']:>7.2f}  {'✓' if same else '✗':<4}  "
              f"{_phase_text(cold['phases'])} | {_phase_text(warm['phases'])}", flush=True)
    if rows:
        print(f"targets: {', '.join(rows[0]['cold'].get('targets') or ['?'])}")
    if opts.json:
        print(json.dumps(rows))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
