"""Thread-pool microbenchmark: the current runtime/c/threads.c against a baseline, quiet
and loaded, alternated in one run.

bench/pool.c is built twice, with this clone's threads.c ("new") and with the one of a git
revision ("old", --baseline, default the commit before the pool's policy changed), and
each binary times a loop of pts_parallel_for calls over compute-bound work of WORK us (one
thread's time for the whole call) followed by GAP us of serial work on the caller.  Cells:
old at 1 thread (the reference every threaded cell must not lose to), old and new at
--threads.  Every round runs every cell once, in turn, so the machine's drift hits all
alike; a cell's figure is the median over rounds of each run's median call time.

"loaded" runs the same rounds with another process busy on one core (a Python `while 1:
pass`), as on a machine shared with another job.  Besides the time, each cell shows the
process's voluntary context switches per call (futex sleeps: what a wake-up costs is what
the policy avoids).  Timings are printed, never asserted.

    python bench/pool.py [--work 5,20,40,133,500,2000] [--gap 0,20] [--threads 2]
                         [--rounds 5] [--calls 400] [--baseline REV] [--no-loaded]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
C_DIR = ROOT / "runtime" / "c"
BASELINE = "3074ec8"         # the pool before the spin/oversplit/cost-model policy


def build(out: Path, threads_c: Path) -> Path:
    exe = out / f"pool_{threads_c.stem}"
    subprocess.run(["cc", "-std=c11", "-O2", "-pthread", f"-I{C_DIR}",
                    str(ROOT / "bench" / "pool.c"), str(threads_c), "-o", str(exe)],
                   check=True)
    return exe


RATE = [0.0]     # loop iterations per microsecond (`pool calibrate`)


def run(exe: Path, threads: int, work: float, gap: float, calls: int) -> tuple[float, float]:
    r = subprocess.run([str(exe), str(threads), str(work), str(gap), str(calls), str(RATE[0])],
                       capture_output=True, text=True, check=True, timeout=600)
    median, _, sleeps = map(float, r.stdout.split())
    return median, sleeps


def measure(cells: dict, works, gaps, rounds: int, calls: int) -> dict:
    times = {(name, w, g): [] for name in cells for w in works for g in gaps}
    for _ in range(rounds):
        for w in works:
            for g in gaps:
                n = max(20, min(calls, int(200000 / (w + g + 1))))
                for name, (exe, threads) in cells.items():
                    times[name, w, g].append(run(exe, threads, w, g, n))
    return {key: (statistics.median(t for t, _ in v), statistics.median(z for _, z in v))
            for key, v in times.items()}


def table(title: str, res: dict, cells: dict, works, gaps) -> None:
    names = list(cells)
    print(f"\n{title}: median us per call (work + gap) (ratio to old 1 thread), "
          f"sleeps per call")
    print(f"{'work us':>8} {'gap us':>7} " + " ".join(f"{n:>24}" for n in names))
    for w in works:
        for g in gaps:
            ref = res[names[0], w, g][0]
            cols = [f"{res[n, w, g][0]:9.1f} ({res[n, w, g][0] / ref:4.2f}) {res[n, w, g][1]:5.2f}"
                    for n in names]
            print(f"{w:8g} {g:7g} " + " ".join(f"{c:>24}" for c in cols))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--work", default="5,20,40,133,500,2000")
    ap.add_argument("--gap", default="0,20")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--calls", type=int, default=400)
    ap.add_argument("--baseline", default=BASELINE)
    ap.add_argument("--no-loaded", action="store_true")
    opts = ap.parse_args(argv)
    works = [float(x) for x in opts.work.split(",")]
    gaps = [float(x) for x in opts.gap.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        old_c = tmp / "old" / "threads.c"
        old_c.parent.mkdir()
        old_c.write_bytes(subprocess.run(["git", "show", f"{opts.baseline}:runtime/c/threads.c"],
                                         cwd=ROOT, capture_output=True, check=True).stdout)
        (tmp / "old" / "threads.h").write_bytes((C_DIR / "threads.h").read_bytes())
        old = build(tmp, old_c)
        new_c = tmp / "threads_new.c"
        new_c.write_bytes((C_DIR / "threads.c").read_bytes())
        new = build(tmp, new_c)
        t = opts.threads
        RATE[0] = max(float(subprocess.run([str(new), "calibrate"], capture_output=True,
                                           text=True, check=True).stdout) for _ in range(3))
        cells = {"old 1 thread": (old, 1), f"old {t} threads": (old, t),
                 f"new {t} threads": (new, t)}
        print(f"bench/pool.py: {os.cpu_count()} CPUs, load average "
              f"{os.getloadavg()[0]:.2f} at start; baseline {opts.baseline}")
        res = measure(cells, works, gaps, opts.rounds, opts.calls)
        table("quiet (no load added)", res, cells, works, gaps)
        if not opts.no_loaded:
            hog = subprocess.Popen([sys.executable, "-c", "while 1: pass"])
            try:
                res = measure(cells, works, gaps, opts.rounds, opts.calls)
            finally:
                hog.kill()
                hog.wait()
            table("loaded (+1 busy process)", res, cells, works, gaps)
        print(f"\nload average at end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
