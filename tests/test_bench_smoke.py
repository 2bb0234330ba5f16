"""Smoke test of bench/scalar.py: `--quick` in-process; results must agree, times are ignored.

CPython results are checked against known values, Numba's (if installed) and pts's against
CPython.  While the compiler cannot be imported at all (ImportError, NotImplementedError)
the pts half is skipped; any other pts failure on these workloads fails the test, since
they are meant to be in the pts subset.
"""
import importlib.util
import json
import os

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")

# Known CPython results at the --quick sizes.
EXPECTED = {"fib": 2584, "mandelbrot": 18285, "count_primes": 430, "collatz_max": 216,
            "integral": 0.48694398508316067}
NOT_LANDED = ("ImportError", "ModuleNotFoundError", "NotImplementedError")


def _load_scalar():
    spec = importlib.util.spec_from_file_location("bench_scalar", os.path.join(BENCH, "scalar.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_bench_quick_results_agree(tmp_path, capsys):
    scalar = _load_scalar()
    out = tmp_path / "bench.json"
    assert scalar.main(["--quick", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "workload" in printed and "pts/Numba" in printed
    data = json.loads(out.read_text())

    try:
        import numba  # noqa: F401
        have_numba = True
    except ImportError:
        have_numba = False

    rows = {r["name"]: r for r in data["workloads"]}
    assert set(rows) == set(EXPECTED)
    pts_missing = []
    for name, row in rows.items():
        assert row["result"]["CPython"] == pytest.approx(EXPECTED[name], rel=1e-12), name
        assert row["mismatch"] == [], f"{name}: {row['result']}"
        if have_numba:
            assert "Numba" in row["result"], f"{name}: {row['error'].get('Numba')}"
        err = row["error"].get("pts")
        if err is None:
            assert "pts" in row["result"]
        elif err.startswith(NOT_LANDED):
            pts_missing.append(f"{name}: {err}")
        else:
            pytest.fail(f"pts failed on {name}: {err}")

    overhead = data["call_overhead_ns"]
    assert "ns" in overhead["CPython"]
    if have_numba:
        assert "ns" in overhead["Numba"], overhead["Numba"]
        assert data["first_call"]["Numba"].get("ok") is True, data["first_call"]["Numba"]
    if pts_missing:
        pytest.skip("pts not available: " + pts_missing[0])
    assert data["first_call"]["pts"].get("ok") is True, data["first_call"]["pts"]
    assert "ns" in overhead["pts"], overhead["pts"]
