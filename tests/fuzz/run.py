"""A fuzzing campaign from the shell: generate, check, count, and minimize what differs.

    .venv/bin/python -m tests.fuzz.run --seeds 0:5000            # a campaign
    .venv/bin/python -m tests.fuzz.run --seeds 0:100000 --minutes 60   # as many as fit
    .venv/bin/python -m tests.fuzz.run --seeds 78 --show          # one program, in full
    .venv/bin/python -m tests.fuzz.run --seeds 0:500 --reduce     # and minimize each difference
    .venv/bin/python -m tests.fuzz.run --edges                    # the edge-value tables

Prints one block per program that differs (the seed, the source with --show, each
difference) and at the end the counts: programs, calls (per backend), refusals (programs a
backend refused with a CompileError, with the most common messages), differences, and
programs whose CPython run timed out.  Each difference is labelled with the known defect
(known.py) it is an instance of, or NEW; exit status 1 if any is NEW.  One process:
the machine is shared (backends run one after the other in forked children).
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ["PTS_CACHE"] = "0"

import differ  # noqa: E402
import progen  # noqa: E402


def parse_seeds(text: str) -> range:
    if ":" in text:
        lo, hi = text.split(":")
        return range(int(lo), int(hi))
    return range(int(text), int(text) + 1)


def campaign(seeds: range, show: bool, reduce: bool, budget: float, out=print,
             minutes: float | None = None) -> int:
    from known import known_defect
    from reduce_prog import reduce as reduce_program
    counts = collections.Counter()
    refusals = collections.Counter()
    signatures = collections.Counter()
    start = time.monotonic()
    for seed in seeds:
        if minutes is not None and time.monotonic() - start > minutes * 60:
            out(f"(stopped after {minutes:g} minutes, before seed {seed})")
            break
        program = progen.generate(seed)
        try:
            report = differ.check(program)
        except differ.ReferenceTimeout:
            counts["reference timeouts"] += 1
            continue
        counts["programs"] += 1
        counts[f"{program.kind} programs"] += 1
        counts["calls"] += report.calls
        if report.refusals:
            counts["refused programs"] += 1
        for backend, msg in report.refusals.items():
            counts[f"refusals ({backend})"] += 1
            refusals[re.sub(r"^\S+:\d+:\d+: ", "", msg)[:100]] += 1
        if report.differences:
            counts["programs that differ"] += 1
            counts["differences"] += len(report.differences)
            out(f"== seed {seed} ({program.kind})")
            if show:
                out(program.source)
            for d in report.differences:
                defect = known_defect(d, program.source)
                counts["known" if defect else "new"] += 1
                signatures[(defect.name if defect else "NEW",) + d.signature()] += 1
                out(d.describe(program))
                out(f"  -> known defect: {defect.name}" if defect else "  -> NEW")
            if reduce:
                small = reduce_program(program, report.differences[0], budget)
                out(f"-- minimized (seed {seed}, {report.differences[0].signature()}):")
                out(small.source + f"# args: {differ.show(small.args(0))}")
                for d in differ.check(small).differences:
                    out(d.describe(small))
        elif show:
            out(f"== seed {seed} ({program.kind}): no difference")
            out(program.source)
    out(f"\n{counts['programs']} programs ({counts['scalar programs']} scalar, "
        f"{counts['array programs']} array), {counts['calls']} calls in each of "
        f"{len(differ.BACKENDS)} backends, {counts['refused programs']} programs refused "
        f"by some backend, {counts['differences']} differences in "
        f"{counts['programs that differ']} programs ({counts['new']} not known defects), "
        f"{counts['reference timeouts']} "
        f"CPython timeouts; {time.monotonic() - start:.0f} s")
    for k in sorted(counts):
        if k.startswith("refusals"):
            out(f"  {k}: {counts[k]}")
    for msg, n in refusals.most_common(15):
        out(f"  refused {n}x: {msg}")
    for sig, n in signatures.most_common():
        out(f"  differs {n}x: {sig}")
    return 1 if counts["new"] else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="0:200", help="N or LO:HI (default 0:200)")
    ap.add_argument("--show", action="store_true", help="print each program's source")
    ap.add_argument("--reduce", action="store_true", help="minimize each program that differs")
    ap.add_argument("--budget", type=float, default=120.0, help="seconds per minimization")
    ap.add_argument("--minutes", type=float, help="stop (and print the counts) after this long")
    ap.add_argument("--edges", action="store_true", help="run the edge-value tables instead")
    args = ap.parse_args(argv)
    out = lambda s: print(s, flush=True)  # noqa: E731
    if args.edges:
        import edges
        return edges.main(out)
    return campaign(parse_seeds(args.seeds), args.show, args.reduce, args.budget, out, args.minutes)


if __name__ == "__main__":
    sys.exit(main())
