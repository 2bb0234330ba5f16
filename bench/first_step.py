"""Where a training step's first call goes: MyConv batch 128, Adam, `pts.train_step`, its
first step split by phase (issue 28's first-step target), in this process.

Phases (ms, wall clock; CPU seconds of the whole process in brackets, which count the
LLVM worker thread too): `front end` (parse, check, lower), `rounds` (the optimization
rounds before and after differentiation), `differentiate`, `late passes` (fusion,
release_tensors, ...), `llvm-ir` (our codegen: IR -> LLVM IR), `llvm` (LLVM's optimization
and code generation, both threads), `load`, then `run` (the step itself: the first call
minus its compile) and one more step for comparison.  The phases are measured by wrapping
the pipeline's functions, so the first step's own time is that of an unwrapped call.

    python bench/first_step.py [--threads N] [--batch N] [--steps N] [--ir-stats]

Use a fresh PTS_CACHE_DIR for a cold disk cache.  `--ir-stats` prints the size of the
step's LLVM functions by optimization class (optnone / optsize / -O3).
"""
from __future__ import annotations

import argparse
import contextlib
import sys
import time

PHASES = ("front end", "rounds", "differentiate", "late passes", "llvm-ir", "llvm", "load")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--ir-stats", action="count", default=0)
    opts = ap.parse_args(argv)

    t_import = time.perf_counter()
    import numpy as np

    import pts
    from pts.backend import codegen, jit
    from pts.frontend import program
    from pts.ir import pipeline
    from pts.ir.passes import differentiate
    global F, MyConv, Tensor
    import pts.nn.functional as F
    from pts import Tensor
    from pts.demo_models import MyConv
    import_ms = (time.perf_counter() - t_import) * 1e3
    pts.set_num_threads(opts.threads)

    ms = dict.fromkeys(PHASES, 0.0)
    cpu = dict.fromkeys(PHASES, 0.0)

    @contextlib.contextmanager
    def phase(name):
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            ms[name] += (time.perf_counter() - t0) * 1e3
            cpu[name] += (time.process_time() - c0)

    def wrap(owner, attr, name):
        inner = getattr(owner, attr)

        def run(*a, **k):
            with phase(name):
                return inner(*a, **k)
        setattr(owner, attr, run)

    wrap(program, "build", "front end")
    import pts.compiler as compiler
    compiler.build = program.build
    wrap(pipeline, "_rounds", "rounds")
    wrap(differentiate, "run", "differentiate")
    pipeline.LATE_PASSES[:] = [(n, _timed(r, phase)) for n, r in pipeline.LATE_PASSES]
    llvm_ms: dict = {}
    inner_compile = jit.compile_module
    stats = {}

    def compile_module(module, opt_level=3, timings=None, entries=None):
        c0 = time.process_time()
        out = inner_compile(module, opt_level, llvm_ms, entries)
        stats["llvm cpu"] = time.process_time() - c0
        return out
    jit.compile_module = compile_module
    if opts.ir_stats:
        stats_generate(codegen, stats)
        inner_part = jit._part_object

        def part_object(text, tm, opt_level, tensor, libm):
            import threading
            t0, c0 = time.perf_counter(), time.thread_time()
            out = inner_part(text, tm, opt_level, tensor, libm)
            stats.setdefault("parts (thread, -O, lines, defines, ms, thread cpu ms)", []).append(
                (threading.current_thread().name, opt_level, text.count("\n"),
                 text.count("\ndefine"), round((time.perf_counter() - t0) * 1e3),
                 round((time.thread_time() - c0) * 1e3)))
            if opts.ir_stats > 1:
                sizes = {}
                for chunk in text.split("\ndefine")[1:]:
                    head = chunk.split("(")[0].split("@")[-1]
                    sizes[head] = chunk.count("\n")
                big = sorted(sizes.items(), key=lambda kv: -kv[1])
                print(f"part -O{opt_level}: " + ", ".join(f"{n} {k}" for k, n in big[:40]))
            return out
        jit._part_object = part_object

    from pts import train
    inner_train_compile = train.TrainStep._compile

    def train_compile(self, *a):
        t0 = time.perf_counter()
        try:
            return inner_train_compile(self, *a)
        finally:
            stats["whole compile ms"] = round((time.perf_counter() - t0) * 1e3)
    train.TrainStep._compile = train_compile
    pts.manual_seed(0)
    model = MyConv()
    rng = np.random.default_rng(0)
    x = rng.standard_normal((opts.batch, 3, 28, 28)).astype(np.float32)
    y = rng.integers(0, 10, opts.batch).astype(np.int64)

    model.train()
    opt = pts.optim.Adam(model.parameters(), lr=1e-3)
    step = pts.train_step(model, loss_fn, opt)
    import resource
    times, faults, cpus, sys_s = [], [], [], []
    c0 = time.process_time()
    for _ in range(opts.steps):
        r0 = resource.getrusage(resource.RUSAGE_SELF)
        t0, f0, c1 = time.perf_counter(), r0.ru_minflt, time.process_time()
        step(x, y)
        times.append((time.perf_counter() - t0) * 1e3)
        faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0)
        cpus.append(time.process_time() - c1)
        sys_s.append(resource.getrusage(resource.RUSAGE_SELF).ru_stime - r0.ru_stime)
    first_cpu = time.process_time() - c0
    for k in ("llvm-ir", "llvm", "load"):
        ms[k] = llvm_ms.get(k, 0.0)
    compile_ms = stats.pop("whole compile ms")
    print(f"import {import_ms:.0f} ms; threads {opts.threads}; batch {opts.batch}")
    print(f"{'phase':14} {'ms':>8} {'cpu s':>7}")
    for k in PHASES:
        c = f"{cpu[k]:7.2f}" if k not in ("llvm-ir", "llvm", "load") else ""
        print(f"{k:14} {ms[k]:8.0f} {c}")
    if "llvm cpu" in stats:
        print(f"{'(llvm-ir+llvm+load cpu s)':26} {stats['llvm cpu']:.2f}")
    print(f"{'compile':14} {compile_ms:8.0f}   (the phases above: {sum(ms.values()):.0f})")
    print(f"{'run (1st)':14} {times[0] - compile_ms:8.0f}")
    print(f"{'1st step':14} {times[0]:8.0f}   (cpu of all steps {first_cpu:.2f} s)")
    print("later steps: " + ", ".join(f"{t:.0f}" for t in times[1:]) + " ms")
    if len(times) > 3:
        later, lc = sorted(times[2:]), sorted(cpus[2:])
        print(f"steady (steps 3+): wall min {later[0]:.0f} median {later[len(later) // 2]:.0f} ms;"
              f" cpu min {lc[0] * 1e3:.0f} median {lc[len(lc) // 2] * 1e3:.0f} ms")
    print("page faults per step: " + ", ".join(map(str, faults)) +
          "; cpu s per step: " + ", ".join(f"{c:.2f}" for c in cpus) +
          " (of which the kernel's, page faults: " + ", ".join(f"{c:.2f}" for c in sys_s) + ")")
    for k, v in stats.items():
        if k != "llvm cpu":
            print(f"{k}: {v}")
    return 0


def loss_fn(model: "MyConv", x: "Tensor", y: "Tensor") -> float:
    # (scripted code reads module globals: imported below, after the timer starts)
    return F.nll_loss(model(x), y)


def _timed(run, phase):
    def timed(module):
        with phase("late passes"):
            return run(module)
    return timed


def stats_generate(codegen, stats: dict) -> None:
    """Count the step module's LLVM instructions by what LLVM does with each function."""
    inner = codegen.ModuleCodegen.generate

    def generate(self):
        m = inner(self)
        by: dict = {}
        for fn in m.functions:
            if not fn.blocks:
                continue
            n = sum(len(b.instructions) for b in fn.blocks)
            kind = "optnone" if "optnone" in fn.attributes else \
                "optsize" if "optsize" in fn.attributes else "O3"
            k, c, big = by.get(kind, (0, 0, []))
            big = sorted(big + [(n, fn.name)], reverse=True)[:4]
            by[kind] = (k + 1, c + n, big)
        stats[f"llvm functions of module {self.prefix}"] = {
            kind: f"{k} fns, {c} instrs, biggest {big}" for kind, (k, c, big) in by.items()}
        return m
    codegen.ModuleCodegen.generate = generate


if __name__ == "__main__":
    sys.exit(main())
