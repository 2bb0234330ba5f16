"""Class-based programs (issue 31 [K]): objects of user classes as values — CPython vs Numba
(jitclass where it can) vs @pts.script.

Rows:
- particles: a class-based particle simulation (a `Particle` with position, velocity and
  mass, methods that push, move and bounce it, a list of them stepped in a loop; the
  initial state from a linear congruential generator inside the function, so no list
  crosses the call boundary), returning the total kinetic energy;
- richards: pyperformance's bm_richards (tests/realworld/programs/pp_richards.py, 4 runs
  of the scheduler: ~10 classes, single inheritance, Optional links);
- raytrace: pyperformance's bm_raytrace (tests/realworld/programs/pp_raytrace.py, a 40x30
  image: vectors, spheres, surfaces, a scene as objects).

Numba runs `particles` with a jitclass in a numba.typed.List; richards and raytrace need
inheritance (`class WorkTask(Task)`) and keyword-argument constructors, which jitclass does
not have, so their Numba cells say why they are empty.  Each cell is the median of
steady-state calls after each one's warm-up, one call of each implementation per round
(bench/scalar.py's measure_alternating: the machine is shared, and its load falls on all
alike).  Results must agree across implementations; a pts cell that cannot compile says
the CompileError.  Timings are printed, never asserted.

    python bench/classes.py [--quick]

What the richards cell measures.  pyperformance's richards keeps its state in a
module-level object (`taskWorkArea`) that every run links 6 more tasks into (Task.__init__
prepends each to taskList, and nothing unlinks them), so the CPython and pts calls of this
bench grow one shared structure.  A native call copies what its arguments and the
module-level objects it uses reach into the call's memory and writes back what it changed
(docs/language.md, "The Python boundary"), so the pts cell is the scheduler's native time
(about 1/100 of CPython's per run on a fresh taskWorkArea) plus that copy, which grows with
the number of calls made before.  Measured 2026-11-29 on the shared 2-core machine (load
average 6-7 from other sessions: every figure is noisy, the ratios vary by about 2x between
runs):

    row        before (3c1ba55)                    after
    particles  66x CPython; Numba's time / pts's   50-113x CPython; Numba's time / pts's
               time 1.7 (pts faster)               1.07-5.3
    richards   RecursionError (full run),          20x (full run: main(4)),
               2.6-4.3x (--quick: main(1))         15-38x (--quick)

Before, copying the object graph recursed per link (RecursionError once taskList was ~300
tasks long) and spent most of its time recomputing layouts; now per-class plans pack each
record with one struct call, work lists replace the recursion, and the copy-back reads only
the records whose bytes the call changed (runtime/object_values.py).

raytrace has a pts cell since the unions of unrelated classes (frontend/check_unions.py).
The figures before 2026-11-29's second session (5.3x at --quick, 8-14x in other runs) timed
partly tier-0 code: the bench did not wait for the optimized tier (pts.wait_optimized, as
the other benches do; it does now).  Steady state (tier 2, CPU time per call of
main(40, 30), load average ~5), where the time went and what took it:

    objects and lists as before: every obj.new a list header and its data,     5.5 ms  (6x)
      two mallocs, freed by release; perf: ~80% of the native time in malloc,
      free and malloc_consolidate (a 1 KiB+ request merges every small chunk
      freed so far), the Vector/Point/Ray temporaries of each ray
    objects carved from per-call blocks (backend/object_codegen.py)            0.87 ms
    scalarize_objects alone (objects only their function sees -> values)      0.70 ms
    both                                                                       0.55 ms (60x)
    and small lists carved too (list_new; raytrace's per-ray lists)           0.41 ms (80x)

What is left at 40x30 is the scene's code itself, the per-call boundary (the module-level
Vector.UP / Point.ZERO copied in and checked after: ~0.1 ms, most of the --quick cell's
time) and the lists that outgrow their first block.  This run (load average ~4-5):

    row        CPython   Numba     pts       pts/CPy  Numba's time / pts's
    particles  0.30351   0.00990   0.00273   111.2x   3.63x
    richards   0.41067   -         0.01522    27.0x   -
    raytrace   0.05011   -         0.00075    67.0x   -
    (--quick: particles 35.5x / 1.56x, richards 27.1x, raytrace 17.1x)
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys


# ---------------------------------------------------------------- workloads (plain Python)

class Particle:
    def __init__(self, x: float, y: float, vx: float, vy: float, m: float):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.m = m

    def push(self, fx: float, fy: float, dt: float) -> None:
        self.vx += fx / self.m * dt
        self.vy += fy / self.m * dt

    def move(self, dt: float) -> None:
        self.x += self.vx * dt
        self.y += self.vy * dt

    def bounce(self, size: float) -> None:
        if self.x < 0.0 or self.x > size:
            self.vx = -self.vx
            self.x = min(max(self.x, 0.0), size)
        if self.y < 0.0 or self.y > size:
            self.vy = -self.vy
            self.y = min(max(self.y, 0.0), size)

    def kinetic(self) -> float:
        return 0.5 * self.m * (self.vx * self.vx + self.vy * self.vy)


def particles(n: int, steps: int) -> float:
    ps = []
    seed = 12345
    for i in range(n):
        vals = []
        for k in range(5):
            seed = (seed * 1103515245 + 12345) % 2147483648
            vals.append(seed / 2147483648.0)
        ps.append(Particle(vals[0] * 100.0, vals[1] * 100.0, vals[2] - 0.5, vals[3] - 0.5,
                           1.0 + vals[4]))
    dt = 0.1
    for s in range(steps):
        for p in ps:
            # a spring toward the centre of the box
            p.push((50.0 - p.x) * 0.01, (50.0 - p.y) * 0.01, dt)
            p.move(dt)
            p.bounce(100.0)
    total = 0.0
    for p in ps:
        total += p.kinetic()
    return total


# ---------------------------------------------------------------- Numba versions

def numba_impls():
    """{row: (njit function, arguments)} or {row: why not} per row."""
    why = {"richards": "jitclass has no inheritance (class WorkTask(Task))",
           "raytrace": "jitclass has no inheritance (class CheckerboardSurface(SimpleSurface)) "
                       "nor **kwargs constructors"}
    try:
        import numba
        from numba import float64, njit
        from numba.experimental import jitclass
        from numba.typed import List as NList
    except ImportError as e:
        return {"particles": f"not available ({e})", **why}

    @jitclass([("x", float64), ("y", float64), ("vx", float64), ("vy", float64),
               ("m", float64)])
    class NbParticle:
        def __init__(self, x, y, vx, vy, m):
            self.x = x
            self.y = y
            self.vx = vx
            self.vy = vy
            self.m = m

        def push(self, fx, fy, dt):
            self.vx += fx / self.m * dt
            self.vy += fy / self.m * dt

        def move(self, dt):
            self.x += self.vx * dt
            self.y += self.vy * dt

        def bounce(self, size):
            if self.x < 0.0 or self.x > size:
                self.vx = -self.vx
                self.x = min(max(self.x, 0.0), size)
            if self.y < 0.0 or self.y > size:
                self.vy = -self.vy
                self.y = min(max(self.y, 0.0), size)

        def kinetic(self):
            return 0.5 * self.m * (self.vx * self.vx + self.vy * self.vy)

    @njit(cache=False)
    def nb_particles(n, steps):
        ps = NList()
        seed = 12345
        for i in range(n):
            vals = [0.0] * 5
            for k in range(5):
                seed = (seed * 1103515245 + 12345) % 2147483648
                vals[k] = seed / 2147483648.0
            ps.append(NbParticle(vals[0] * 100.0, vals[1] * 100.0, vals[2] - 0.5,
                                 vals[3] - 0.5, 1.0 + vals[4]))
        dt = 0.1
        for s in range(steps):
            for p in ps:
                p.push((50.0 - p.x) * 0.01, (50.0 - p.y) * 0.01, dt)
                p.move(dt)
                p.bounce(100.0)
        total = 0.0
        for p in ps:
            total += p.kinetic()
        return total

    del numba
    return {"particles": nb_particles, **why}


# ---------------------------------------------------------------- timing

def realworld(name: str):
    """A tests/realworld program's module (the published source: pyperformance's)."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "tests", "realworld", "programs")
    if path not in sys.path:
        sys.path.insert(0, path)
    return importlib.import_module(name)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="smaller inputs, fewer runs")
    opts = ap.parse_args()
    import pts
    bench_dir = os.path.dirname(os.path.abspath(__file__))
    if bench_dir not in sys.path:
        sys.path.insert(0, bench_dir)
    import scalar                         # (the alternating timer)
    rich, ray = realworld("pp_richards"), realworld("pp_raytrace")
    rows = {"particles": (particles, (200, 50) if opts.quick else (2000, 200)),
            "richards": (rich.main, (1,) if opts.quick else (4,)),
            "raytrace": (ray.main, (12, 12) if opts.quick else (40, 30))}
    budget, min_runs, max_runs = (0.2, 3, 20) if opts.quick else (1.5, 7, 100)
    nb = numba_impls()
    print("classes: median of alternated calls, seconds; speed-ups over CPython")
    print(f"{'row':<10} {'CPython':>9} {'Numba':>9} {'pts':>9} {'pts/CPy':>8} {'pts vs Numba':>13}")
    for name, (fn, args) in rows.items():
        impls = {"CPython": fn}
        notes = []
        try:
            impls["pts"] = pts.script(fn)
            impls["pts"](*args)
            pts.wait_optimized()          # time the optimized code, not the first tier
        except Exception as e:  # noqa: BLE001 - the cell says why it is empty
            impls.pop("pts")
            notes.append(f"pts: {type(e).__name__}: {str(e).splitlines()[0][:90]}")
        nb_entry = nb.get(name)
        if callable(nb_entry):
            impls["Numba"] = nb_entry
        else:
            notes.append(f"Numba: {nb_entry}")
        calls = {k: (lambda f=f: f(*args)) for k, f in impls.items()}
        got = scalar.measure_alternating(calls, (), budget, min_runs, max_runs)
        want = got["CPython"][2]
        times = {}
        for impl, r in got.items():
            if isinstance(r, BaseException):
                notes.append(f"{impl}: {type(r).__name__}: {str(r).splitlines()[0][:80]}")
            elif r[2] != want and not (isinstance(want, float) and abs(r[2] - want) <= 1e-9 * abs(want)):
                assert impl != "pts", f"{name}: pts {r[2]} != CPython {want}"
                notes.append(f"{impl}: result {r[2]} != {want}")
            else:
                times[impl] = r[0]
        cpy, p, n = times["CPython"], times.get("pts"), times.get("Numba")
        cell = lambda t: f"{t:9.5f}" if t is not None else f"{'-':>9}"   # noqa: E731
        ratio = f"{cpy / p:7.1f}x" if p else f"{'-':>8}"
        vs = f"{n / p:12.2f}x" if p and n else f"{'-':>13}"
        print(f"{name:<10} {cell(cpy)} {cell(n)} {cell(p)} {ratio} {vs}")
        for note in notes:
            print(f"           {note}")


if __name__ == "__main__":
    main()
