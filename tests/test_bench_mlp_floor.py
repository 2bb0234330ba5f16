"""Smoke test of bench/mlp_floor.py (the MLP training step's floor and profile): two
rounds in a subprocess (it sets the BLAS thread count before numpy is imported); the times
are ignored, the table's rows must all be there."""
import os
import subprocess
import sys

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")


@pytest.mark.slow
def test_mlp_floor_prints_its_tables():
    r = subprocess.run([sys.executable, os.path.join(BENCH, "mlp_floor.py"), "--rounds", "2"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    for row in ("pts gemm fwd + wgrad", "numpy fwd + wgrad", "pts step", "forward gemm",
                "weight-gradient gemm", "SGD update", "rest (step - phases)",
                "pool calls per step:", "between the two (serial)"):
        assert row in out, row
