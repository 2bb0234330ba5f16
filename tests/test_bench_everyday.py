"""Smoke test of bench/everyday.py's workloads at small sizes: pts (native) agrees with
CPython on the dict word count and the dict/set BFS.  Times are not measured."""
import importlib.util
import os

import pts

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")


def _load():
    spec = importlib.util.spec_from_file_location("bench_everyday", os.path.join(BENCH, "everyday.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_everyday_workloads_agree():
    ev = _load()
    text = ev.make_text(20_000)
    assert pts.script(ev.word_count)(text) == ev.word_count(text)
    assert pts.script(ev.bfs)(3000, 1500) == ev.bfs(3000, 1500)
