"""Smoke test of bench/inference.py (MyConv: pts against ONNX Runtime): runs at tiny batches
where onnxruntime is installed (the optional extra .[onnx]) and says it skipped where not.
Times are printed, never asserted; a result that differs from pts's prints "differs"."""
import os
import subprocess
import sys

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")


def _run(*args):
    return subprocess.run([sys.executable, os.path.join(BENCH, "inference.py"), *args],
                          capture_output=True, text=True, timeout=600)


def test_inference_bench_runs_or_says_it_skipped():
    try:
        import onnxruntime  # noqa: F401
        have_ort = True
    except ImportError:
        have_ort = False
    r = _run("--quick", "--batches", "1", "--threads", "1")
    assert r.returncode == 0, r.stderr
    if not have_ort:
        assert "onnxruntime is not installed" in r.stdout
        return
    rows = [line.split() for line in r.stdout.splitlines() if line.startswith("      1")]
    assert len(rows) == 1, r.stdout
    threads, batch, pts_ms, ort_ms = rows[0][:4]
    assert (threads, batch) == ("1", "1")
    float(pts_ms), float(ort_ms)          # both ran and agreed with pts (else "differs")


def test_the_onnx_graph_computes_the_model():
    pytest.importorskip("onnxruntime")
    import numpy as np
    import onnxruntime as ort
    sys.path.insert(0, BENCH)
    import inference
    model = inference.myconv()
    session = ort.InferenceSession(inference.onnx_by_helper(model),
                                   providers=["CPUExecutionProvider"])
    x = np.random.default_rng(0).standard_normal((2, 3, 28, 28)).astype(np.float32)
    got = session.run(None, {"x": x})[0]
    assert np.allclose(got, np.asarray(model(x)), rtol=1e-4, atol=1e-4)
