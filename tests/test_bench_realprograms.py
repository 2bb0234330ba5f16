"""Smoke test of bench/realprograms.py: `--quick` in-process; every program runs under pts
(and Numba when installed) with CPython's results; times are ignored."""
import importlib.util
import json
import os

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")


def test_realprograms_quick_results_agree(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location(
        "bench_realprograms", os.path.join(BENCH, "realprograms.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path / "real.json"
    assert mod.main(["--quick", "--json", str(out)]) == 0
    assert "pts/Numba" in capsys.readouterr().out
    rows = json.loads(out.read_text())
    assert [r["label"] for r in rows] == ["SciMark FFT", "SciMark SOR", "laplace2d", "kde",
                                          "bubblesort"]
    for r in rows:
        assert "pts" in r["time"] and "CPython" in r["time"], r
        assert r["mismatch"] == [], r
        assert "pts" not in r["error"], r
