"""Smoke test of bench/scalar.py: `--quick` in-process; results must agree, times are ignored.

CPython results are checked against known values, Numba's (if installed) and pts's against
CPython.  Any pts failure on these workloads (an ImportError included) fails the test,
since they are meant to be in the pts subset.
"""
import importlib.util
import json
import os

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")

# Known CPython results at the --quick sizes.
EXPECTED = {"fib": 2584, "mandelbrot": 18285, "count_primes": 430, "collatz_max": 216,
            "integral": 0.48694398508316067}


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
    for name, row in rows.items():
        assert row["result"]["CPython"] == pytest.approx(EXPECTED[name], rel=1e-12), name
        assert row["mismatch"] == [], f"{name}: {row['result']}"
        if have_numba:
            assert "Numba" in row["result"], f"{name}: {row['error'].get('Numba')}"
        assert row["error"].get("pts") is None, f"pts failed on {name}: {row['error']['pts']}"
        assert "pts" in row["result"], name

    overhead = data["call_overhead_ns"]
    assert "ns" in overhead["CPython"]
    if have_numba:
        assert "ns" in overhead["Numba"], overhead["Numba"]
        assert data["first_call"]["Numba"].get("ok") is True, data["first_call"]["Numba"]
    assert data["first_call"]["pts"].get("ok") is True, data["first_call"]["pts"]
    assert "ns" in overhead["pts"], overhead["pts"]


# ---------------------------------------------------------------- bench/tensors.py

TENSOR_WORKLOADS = ("gelu", "softmax", "layer_norm", "matmul512", "matmul1024", "mlp", "myconv")


def _load_tensors():
    spec = importlib.util.spec_from_file_location("bench_tensors",
                                                  os.path.join(BENCH, "tensors.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _check_tensor_table(tensors, tmp_path, capsys, workloads):
    """Every workload has a row in the 1-thread and 2-thread tables, numpy ran on each, no
    implementation disagrees with numpy, and the compile table is there.  pts errors are
    tolerated (the native tensor code is work in progress) but shown in the row's note."""
    out = tmp_path / "tensors.json"
    impls = "numpy,pts,torch,jit"          # torch.compile takes minutes: not in the tests
    assert tensors.main(["--quick", "--threads", "1,2", "--impls", impls, "--cap", "0.5",
                         "--only", ",".join(workloads), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    for title in ("== 1 thread ==", "== 2 threads", "compile ms", "numpy BLAS:",
                  "pts/numpy", "pts/torch", "pts/t.compile"):
        assert title in printed, title
    data = json.loads(out.read_text())
    assert set(data["labels"]) == set(workloads)
    for label in data["labels"].values():
        assert printed.count(label) == 3, label      # two timing tables + compile table
    assert set(data["tables"]) == {"1", "2"}
    for n, rows in data["tables"].items():
        assert set(rows) == set(workloads)
        for name, row in rows.items():
            assert set(row) == {"numpy", "pts", "torch", "jit", "compile"}, (n, name)
            assert "ms" in row["numpy"], (n, name, row["numpy"])
            for impl, cell in row.items():
                assert "mismatch" not in cell, (n, name, impl, cell["mismatch"])
                assert ("ms" in cell) or ("error" in cell) or ("na" in cell), (n, name, impl)
    assert "MISMATCH" not in printed


def test_tensor_bench_quick_prints_a_complete_table(tmp_path, capsys, monkeypatch):
    """One workload of each kind (elementwise, reductions, matmul, MLP), tiny sizes."""
    monkeypatch.setenv("PTS_TIER", "fast")   # no background -O3 compiles to wait for
    _check_tensor_table(_load_tensors(), tmp_path, capsys,
                        ("gelu", "softmax", "layer_norm", "matmul512", "mlp"))


@pytest.mark.slow
def test_tensor_bench_quick_all_workloads(tmp_path, capsys, monkeypatch):
    """All rows, MyConv included (its native compile alone takes seconds)."""
    monkeypatch.setenv("PTS_TIER", "fast")
    _check_tensor_table(_load_tensors(), tmp_path, capsys, TENSOR_WORKLOADS)


def test_tensor_bench_numpy_in_a_clean_subprocess(capsys):
    """The path taken when numpy was imported with OPENBLAS_CORETYPE set or threadpoolctl is
    missing: numpy's cells come from a subprocess."""
    tensors = _load_tensors()
    assert tensors.main(["--quick", "--impls", "numpy", "--only", "gelu,matmul512",
                         "--threads", "1", "--numpy-subprocess"]) == 0
    printed = capsys.readouterr().out
    assert "numpy timed in a subprocess" in printed
    rows = [line for line in printed.splitlines() if line.startswith(("gelu", "matmul"))]
    assert len(rows) == 4 and not any(" error " in r for r in rows), printed
