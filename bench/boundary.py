"""The Python/C boundary of scripted models and functions: microseconds per call.

Rows (issue 32 Build 4): the TorchScript tutorial's RNN cell (`MyCell`: Linear then tanh,
returns `(new_h, new_h)`) on a 3x4 batch, a `Linear` model, and functions whose results
and arguments are tuples (nested), lists, None and str.  Each row alternates, in this
process, pts's call (the C dispatcher, runtime/_dispatch.c), eager Python/numpy and pts's
Python path (`_slow_call`: what a call that fails the C checks takes): per round one timed
loop of `--calls` calls of each, the median of `--rounds` rounds, in the thread's CPU time
(`--wall`: wall time).

`--base DIR` also runs the rows in a subprocess on the pts of DIR (a clone of an earlier
commit, its extensions built; nothing of it is imported here), which alternates its pts
with eager Python the same way: its column is the old path, with its own eager time to
compare the two processes' machines.  Timings are printed, never asserted; the machine's
load (os.getloadavg) is printed with them.

    python bench/boundary.py [--calls N] [--rounds R] [--base DIR] [--json FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np


class Linear:
    def __init__(self, n_in: int, n_out: int):
        rng = np.random.default_rng(0)
        self.weight = rng.standard_normal((n_out, n_in))
        self.bias = rng.standard_normal(n_out)

    def forward(self, x: np.ndarray) -> np.ndarray:
        return x @ self.weight.T + self.bias


class MyCell:
    """https://pytorch.org/tutorials/beginner/Intro_to_TorchScript_tutorial.html (numpy)."""

    def __init__(self):
        self.linear = Linear(4, 4)

    def forward(self, x: np.ndarray, h: np.ndarray) -> tuple:
        new_h = np.tanh(self.linear.forward(x) + h)
        return new_h, new_h


def pair(a: int, b: float) -> tuple:
    return a + 1, b * 2.0


def nested(a: int, b: float) -> tuple:
    return (a, (b, a > 2)), (None, b - a)


def squares(n: int) -> list:
    return [i * i for i in range(n)]


def nothing(n: int) -> None:
    n += 1


def label(n: int) -> str:
    return "n=" + str(n)


def span(p: tuple, scale: float) -> float:
    (a, b), c = p
    return (b - a) * scale + c


def rows():
    """(label, eager callable, object to script, args, method of the script or None)."""
    rng = np.random.default_rng(1)
    x, h = rng.random((3, 4)), rng.random((3, 4))
    cell, lin = MyCell(), Linear(4, 4)
    return [
        ("MyCell (3x4) -> (h, h)", cell.forward, cell, (x, h)),
        ("Linear (3x4) -> array", lin.forward, lin, (x,)),
        ("f(int, float) -> tuple", pair, pair, (3, 1.5)),
        ("f -> nested tuples", nested, nested, (3, 1.5)),
        ("f -> list of 8 ints", squares, squares, (8,)),
        ("f -> None", nothing, nothing, (3,)),
        ("f -> str", label, label, (7,)),
        ("f(nested tuple, float)", span, span, (((1, 4), 0.5), 2.0)),
    ]


def _loop(f, args, calls: int) -> float:
    clock = time.thread_time if CPU_TIME else time.perf_counter
    t0 = clock()
    for _ in range(calls):
        f(*args)
    return (clock() - t0) / calls


CPU_TIME = True         # the thread's CPU time, which other load inflates less (--wall: not)


def measure(calls: int, rounds: int, python_path: bool = True) -> list[dict]:
    import pts
    out = []
    for label, eager, obj, args in rows():
        scripted = pts.script(obj)
        scripted(*args)
        pts.wait_optimized()
        scripted(*args)
        impls = {"pts": scripted, "eager": eager}
        if python_path and hasattr(scripted, "_slow_call"):
            # the Python path: a model's forward method's, a function's own
            target = scripted._methods["forward"] if hasattr(scripted, "_methods") else scripted
            impls["python path"] = target._slow_call
        samples: dict = {k: [] for k in impls}
        for _ in range(rounds):
            for name, f in impls.items():
                samples[name].append(_loop(f, args, calls))
        out.append({"label": label, **{k: statistics.median(v) * 1e6 for k, v in samples.items()}})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--base", help="a clone of an earlier commit: its pts in a subprocess")
    ap.add_argument("--json")
    ap.add_argument("--wall", action="store_true", help="wall time instead of CPU time")
    ap.add_argument("--emit-json", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    global CPU_TIME
    CPU_TIME = not a.wall
    if a.emit_json:                     # (the --base subprocess)
        print(json.dumps(measure(a.calls, a.rounds, python_path=False)))
        return 0
    load = os.getloadavg()[0]
    here = measure(a.calls, a.rounds)
    base = None
    if a.base:
        code = ("import importlib.abc, importlib.util, os, sys, runpy\n"
                f"root = {os.path.abspath(a.base)!r}\n"
                "dirs = {'pts': 'pts', 'pts.grammar': 'grammar', 'pts.frontend': 'frontend',"
                " 'pts.ir': 'ir', 'pts.ir.passes': 'ir/passes', 'pts.backend': 'backend',"
                " 'pts.runtime': 'runtime', 'pts.stdlib': 'stdlib'}\n"
                "class P(importlib.abc.MetaPathFinder):\n"
                "    def find_spec(self, name, path=None, target=None):\n"
                "        d = dirs.get(name)\n"
                "        if d is None: return None\n"
                "        d = os.path.join(root, d)\n"
                "        return importlib.util.spec_from_file_location(name, "
                "os.path.join(d, '__init__.py'), submodule_search_locations=[d])\n"
                "sys.meta_path.insert(0, P())\n"
                f"sys.argv = [{os.path.abspath(__file__)!r}, '--emit-json', '--calls', "
                f"'{a.calls}', '--rounds', '{a.rounds}'" + (", '--wall'" if a.wall else "") + "]\n"
                f"runpy.run_path({os.path.abspath(__file__)!r}, run_name='__main__')\n")
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stderr[-2000:], file=sys.stderr)
            return 1
        base = {row["label"]: row for row in json.loads(r.stdout.strip().splitlines()[-1])}
    print(f"us per call ({'wall' if a.wall else 'thread CPU'} time), median of {a.rounds} "
          f"rounds of {a.calls} calls, alternated (load {load:.1f})")
    head = f"{'row':<26} {'pts':>7} {'eager':>7} {'py path':>8}"
    if base:
        head += f" {'base pts':>9} {'base eager':>11}"
    print(head)
    for row in here:
        line = f"{row['label']:<26} {row['pts']:7.2f} {row['eager']:7.2f} " \
               f"{row.get('python path', float('nan')):8.2f}"
        if base and row["label"] in base:
            b = base[row["label"]]
            line += f" {b['pts']:9.2f} {b['eager']:11.2f}"
        print(line)
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"load": load, "rows": here, "base": base}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
