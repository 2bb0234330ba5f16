"""Everyday-Python benchmark: dicts and sets (issue 30) — CPython vs Numba vs @pts.script.

Rows:
- word count: `d[w] = d.get(w, 0) + 1` over the words of ~1 MB of text (`text.split()`),
  returning the number of distinct words and the largest count: ~190k words (440
  distinct) taken one at a time by the split iterator (frontend/lower_split.py: no list;
  the scan is inline code, backend/split_codegen.py), each a string carved from the
  call's arena, looked up once and written back through the same probe
  (runtime/c/dicts.c's memo);
- BFS: a breadth-first search over a random graph of 100k edges among 50k nodes (an
  adjacency `Dict[int, List[int]]` the function builds from a linear congruential
  generator — passing 200k ints as lists would time the list boundary instead — a visited
  set, a distance dict), returning the sum of distances and the number reached.

Each workload is one plain-Python function; Numba runs a copy written with its typed
containers (numba.typed.Dict / List, which `njit` needs for a dict of lists) where plain
Python does not compile, and is skipped cleanly when it is not installed or cannot compile
a row.  Each cell is the median of steady-state calls after each one's warm-up, one call of
each implementation per round (bench/scalar.py's measure_alternating: the machine is
shared, and its load falls on all alike).
Results must agree across implementations.  Timings are printed, never asserted.

    python bench/everyday.py [--quick]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Dict, List


# ---------------------------------------------------------------- workloads (plain Python)

def word_count(text: str) -> int:
    d: Dict[str, int] = {}
    for w in text.split():
        d[w] = d.get(w, 0) + 1
    best = 0
    for v in d.values():
        if v > best:
            best = v
    return len(d) * 1000000 + best


def bfs(m: int, n: int) -> int:
    # the graph: m random edges among n nodes (a linear congruential generator, so that
    # every implementation builds the same graph without crossing the call boundary)
    adj: Dict[int, List[int]] = {}
    x = 12345
    for i in range(m):
        x = (x * 1103515245 + 12345) % 2147483648
        u = (x >> 8) % n
        x = (x * 1103515245 + 12345) % 2147483648
        v = (x >> 8) % n
        if u not in adj:
            adj[u] = []
        adj[u].append(v)
    dist = {0: 0}
    seen = {0}
    q = [0]
    head = 0
    while head < len(q):
        u = q[head]
        head += 1
        if u in adj:
            for v in adj[u]:
                if v not in seen:
                    seen.add(v)
                    dist[v] = dist[u] + 1
                    q.append(v)
    total = 0
    for d in dist.values():
        total += d
    return total * 1000000 + len(seen)


# ---------------------------------------------------------------- inputs

def make_text(nbytes: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    vocab = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(1, 9)))
             for _ in range(5000)]
    words, size = [], 0
    while size < nbytes:
        w = vocab[int(rng.paretovariate(1.2)) % len(vocab)]
        words.append(w)
        size += len(w) + 1
    return " ".join(words)


# ---------------------------------------------------------------- Numba versions

def numba_impls():
    """{row: (njit function, argument converter)}, or an error string per row."""
    try:
        import numba
        from numba import njit, types
        from numba.typed import Dict as NDict, List as NList
    except ImportError as e:
        return {"word count": f"not available ({e})", "BFS": f"not available ({e})"}
    out: dict = {}
    try:
        @njit(cache=False)
        def nb_word_count(text):
            d = NDict.empty(key_type=types.unicode_type, value_type=types.int64)
            for w in text.split():
                d[w] = d.get(w, 0) + 1
            best = 0
            for v in d.values():
                if v > best:
                    best = v
            return len(d) * 1000000 + best
        out["word count"] = (nb_word_count, lambda text: (text,))
    except Exception as e:  # noqa: BLE001
        out["word count"] = f"cannot compile ({type(e).__name__})"

    import numpy as np

    int_list = types.ListType(types.int64)      # (a type object njit code cannot build)

    @njit(cache=False)
    def nb_bfs(m, n):
        adj = NDict.empty(key_type=types.int64, value_type=int_list)
        x = 12345
        for i in range(m):
            x = (x * 1103515245 + 12345) % 2147483648
            u = (x >> 8) % n
            x = (x * 1103515245 + 12345) % 2147483648
            v = (x >> 8) % n
            if u not in adj:
                adj[u] = NList.empty_list(types.int64)
            adj[u].append(v)
        dist = NDict.empty(key_type=types.int64, value_type=types.int64)
        dist[0] = 0
        seen = {0}
        q = NList.empty_list(types.int64)
        q.append(0)
        head = 0
        while head < len(q):
            u = q[head]
            head += 1
            if u in adj:
                for v in adj[u]:
                    if v not in seen:
                        seen.add(v)
                        dist[v] = dist[u] + 1
                        q.append(v)
        total = 0
        for d in dist.values():
            total += d
        return total * 1000000 + len(seen)
    out["BFS"] = (nb_bfs, lambda m, n: (m, n))
    del numba
    return out


# ---------------------------------------------------------------- timing

def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="smaller inputs, fewer runs")
    opts = ap.parse_args()
    import pts
    bench_dir = os.path.dirname(os.path.abspath(__file__))
    if bench_dir not in sys.path:
        sys.path.insert(0, bench_dir)
    import scalar                         # (the alternating timer)
    text = make_text(100_000 if opts.quick else 1_000_000)
    rows = {"word count": (word_count, (text,)),
            "BFS": (bfs, (10_000, 5_000) if opts.quick else (100_000, 50_000))}
    budget, min_runs, max_runs = (0.2, 3, 20) if opts.quick else (1.5, 7, 200)
    nb = numba_impls()
    print("everyday (dicts and sets): median of alternated calls, seconds; speed-ups over "
          "CPython")
    print(f"{'row':<12} {'CPython':>9} {'Numba':>9} {'pts':>9} {'pts/CPy':>8} {'pts vs Numba':>13}")
    for name, (fn, args) in rows.items():
        impls = {"CPython": (fn, args), "pts": (pts.script(fn), args)}
        nb_entry = nb.get(name)
        note = ""
        if isinstance(nb_entry, tuple):
            nb_fn, conv = nb_entry
            impls["Numba"] = (nb_fn, conv(*args))
        elif isinstance(nb_entry, str):
            note = f"Numba: {nb_entry}"
        # one argument tuple for all: each implementation is called through a closure
        calls = {k: (lambda f=f, a=a: f(*a)) for k, (f, a) in impls.items()}
        got = scalar.measure_alternating(calls, (), budget, min_runs, max_runs)
        want = got["CPython"][2]
        times = {}
        for impl, r in got.items():
            if isinstance(r, BaseException):
                note += f"   {impl}: {type(r).__name__}: {str(r).splitlines()[0][:80]}"
            elif r[2] != want:
                assert impl != "pts", f"{name}: pts {r[2]} != CPython {want}"
                note += f"   {impl}: result {r[2]} != {want}"
            else:
                times[impl] = r[0]
        cpy, p, n = times["CPython"], times["pts"], times.get("Numba")
        ncell = f"{n:9.4f}" if n is not None else f"{'n/a':>9}"
        ratio = f"{n / p:12.2f}x" if n is not None else f"{'n/a':>13}"
        print(f"{name:<12} {cpy:9.4f} {ncell} {p:9.4f} {cpy / p:7.2f}x {ratio}"
              + (f"   ({note.strip()})" if note else ""))
    print("(pts vs Numba > 1: pts is faster)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
