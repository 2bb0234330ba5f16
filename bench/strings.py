"""String benchmark: CPython vs Numba @njit vs @pts.script on everyday string code.

Workloads (each plain Python, written once, in the pts subset):
- `fmt_records`: format records with an f-string of three specs (`{name:<10}|{qty:>6d}|
  {price:10.2f}`) and join them — the formatter row of issue 30's acceptance;
- `csv_lines`: build CSV-ish lines by concatenation and `str(int)`, and join them;
- `parse_sum`: split text into lines and fields, strip them, `int()` one, sum;
- `words`: lower-case, split on whitespace, count words that start with a letter and
  contain a given substring, and the total length;
- `concat_loop`: `s += piece` in a loop (CPython resizes in place: linear).

Every cell is the median of alternated calls (one of each implementation per round, after
each one's warm-up call and pts's optimized code: scalar.measure_alternating), so the load
of a shared machine falls on all alike.  Results must be equal across implementations.  A
workload Numba cannot compile (f-strings, `int(str)`, ...) reads "n/a" with the reason;
timings are printed, never asserted.

    python bench/strings.py [--quick] [--json PATH]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import List

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
if BENCH_DIR not in sys.path:
    sys.path.insert(0, BENCH_DIR)

import scalar  # noqa: E402  (the timing and implementation helpers)


def fmt_records(n: int) -> str:
    names = ["apple", "banana", "cherry", "date", "elderberry", "fig", "grape"]
    out: List[str] = []
    for i in range(n):
        name = names[i % 7]
        qty = (i * 7919) % 1000
        price = (i % 1000) * 1.25 + 0.5
        out.append(f"{name:<10}|{qty:>6d}|{price:10.2f}")
    return "\n".join(out)


def csv_lines(n: int) -> str:
    names = ["apple", "banana", "cherry", "date", "elderberry", "fig", "grape"]
    out: List[str] = []
    for i in range(n):
        out.append(str(i) + "," + names[i % 7] + "," + str(i * i % 9973) + "," + str(-i))
    return "\n".join(out)


def parse_sum(text: str) -> int:
    total = 0
    for line in text.split("\n"):
        parts = line.split(",")
        if len(parts) < 3:
            continue
        total += int(parts[1].strip()) + len(parts[2].strip())
    return total


def words(text: str, sub: str) -> int:
    count = 0
    length = 0
    for w in text.lower().split():
        if w[0].isalpha() and sub in w:
            count += 1
        length += len(w)
    return count * 1000000 + length


def concat_loop(n: int) -> int:
    s = ""
    for i in range(n):
        s += "ab" if i % 3 else "c"
    return len(s)


def _parse_text(n: int) -> str:
    return "\n".join(f"  item{i} , {i * 37 % 1000} ,  w{i % 13}  " for i in range(n))


def _words_text(n: int) -> str:
    base = ("The quick brown Fox jumps over the lazy dog 42 times while 7 cats watch "
            "quietly from the Garden wall and Count the leaves ")
    return base * (n // 24 + 1)


def workloads(quick: bool):
    k = 10 if quick else 1
    return [
        ("fmt_records", fmt_records, (100_000 // k,)),
        ("csv_lines", csv_lines, (100_000 // k,)),
        ("parse_sum", parse_sum, (_parse_text(100_000 // k),)),
        ("words", words, (_words_text(200_000 // k), "the")),
        ("concat_loop", concat_loop, (2_000 // k,)),
    ]


def run(quick: bool = False, budget: float | None = None):
    budget = budget if budget is not None else (0.1 if quick else 1.5)
    min_runs, max_runs = (1, 5) if quick else (5, 200)
    rows = []
    for name, fn, args in workloads(quick):
        impls, errors = {}, {}
        for impl in scalar.IMPLS:
            f, err = scalar.make_impl(impl, fn)
            if f is None:
                errors[impl] = err
            else:
                impls[impl] = f
        got = scalar.measure_alternating(impls, args, budget, min_runs, max_runs)
        row = {"workload": name, "times": {}, "errors": dict(errors)}
        want = got.get("CPython")
        for impl, r in got.items():
            if isinstance(r, BaseException):
                row["errors"][impl] = scalar._error_text(r)
                continue
            if impl != "CPython" and not isinstance(want, BaseException) and r[2] != want[2]:
                row["errors"][impl] = "result differs from CPython"
                continue
            row["times"][impl] = r[0]
        rows.append(row)
    return rows


def _cell(row, impl) -> str:
    t = row["times"].get(impl)
    return f"{t * 1e3:9.2f} ms" if t is not None else "      n/a  "


def _ratio(row, a, b) -> str:
    ta, tb = row["times"].get(a), row["times"].get(b)
    return f"{tb / ta:7.2f}x" if ta and tb else "    n/a "


def report(rows) -> str:
    lines = [f"{'workload':<13}{'CPython':>13}{'Numba':>13}{'pts':>13}"
             f"{'CPython/pts':>13}{'Numba/pts':>11}"]
    for row in rows:
        lines.append(f"{row['workload']:<13}{_cell(row, 'CPython'):>13}{_cell(row, 'Numba'):>13}"
                     f"{_cell(row, 'pts'):>13}{_ratio(row, 'pts', 'CPython'):>13}"
                     f"{_ratio(row, 'pts', 'Numba'):>11}")
    for row in rows:
        for impl, err in row["errors"].items():
            lines.append(f"  {row['workload']}: {impl}: {err}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, short budgets")
    ap.add_argument("--json", help="write the rows here too")
    opts = ap.parse_args(argv)
    rows = run(opts.quick)
    print("strings (median of alternated calls; CPython/pts > 1: pts faster)")
    print(report(rows))
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
