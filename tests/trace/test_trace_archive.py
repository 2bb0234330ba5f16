"""Traced programs saved with pts.save and run from C (pts-run) and by pts.load.

Each program of `programs/` whose results are arrays (one, or a tuple of them) is traced on
its first inputs, saved with the others as example inputs (so every trace they need is in
the archive), then run by `pts-run` on each input tuple (.npy files): the results equal the
eager function's within the corpus tolerances, and pts.load's bit for bit (the same image).
A call from C that no trace's guards hold for is an error that says what each assumed.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pts
from pts.runtime import archive

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "runtime"))
sys.path.insert(0, str(HERE))
from ptsbuild import build_runtime, have  # noqa: E402
import test_trace_programs as corpus  # noqa: E402

TARGET = archive.native_targets()[0]


def arrays_only(value) -> bool:
    if isinstance(value, np.ndarray):
        return True
    return isinstance(value, tuple) and all(isinstance(v, np.ndarray) for v in value)


def saved_programs() -> list[Path]:
    out = []
    for path in corpus.PROGRAMS:
        m = corpus.load(path)
        if all(arrays_only(m.TRACE(*args)) and all(isinstance(a, np.ndarray) for a in args)
               for args in m.INPUTS):
            out.append(path)
    return out


SAVED = saved_programs()
# Each program from C costs a compile of its archive (~5 s): these run in every test run,
# the others in `make test-all` (slow).
FROM_C_ALWAYS = {"batchnorm_inference", "concat_stack", "conv2d_im2col", "embedding_onehot",
                 "guard_branch_on_size", "layer_norm", "mlp_config_dict", "mlp_linear_classes",
                 "weight_sliced_by_size", "zeros_from_input_size"}


@pytest.fixture(scope="module")
def pts_run():
    if not have("cc"):
        pytest.skip("needs a C compiler")
    return build_runtime() / "pts-run"


@pytest.mark.parametrize("path", [
    pytest.param(p, id=p.stem, marks=() if p.stem in FROM_C_ALWAYS else pytest.mark.slow)
    for p in SAVED])
def test_traced_program_from_c(path: Path, tmp_path: Path, pts_run, monkeypatch):
    monkeypatch.setenv("PTS_VERIFY", "0")     # (test_trace_programs verified this IR)
    m = corpus.load(path)
    f = pts.trace(m.TRACE, m.INPUTS[0])
    target = tmp_path / f"{path.stem}.pts"
    pts.save(f, target, example_inputs=m.INPUTS[1:])
    loaded = pts.load(target)
    for i, args in enumerate(m.INPUTS):
        files = []
        for k, a in enumerate(args):
            np.save(tmp_path / f"in{i}_{k}.npy", a)
            files.append(str(tmp_path / f"in{i}_{k}.npy"))
        out = tmp_path / f"out{i}"
        out.mkdir()
        r = subprocess.run([str(pts_run), str(target), *files, "--out", str(out)],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        want = m.TRACE(*args)
        mine = loaded(*args)
        if isinstance(want, tuple):
            got = tuple(np.load(out / f"result_{j}.npy") for j in range(len(want)))
        else:
            got = np.load(out / "result.npy")
        d = corpus.difference(want, got, f"{path.name} inputs[{i}] from C")
        assert d is None, d
        assert corpus.difference(mine, got, "pts.load vs pts-run") is None
        if isinstance(want, tuple):
            assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(mine, got))
        else:
            assert np.array_equal(mine, got, equal_nan=True)


def test_enough_traced_programs_go_through_c():
    assert len(SAVED) >= 10, [p.stem for p in SAVED]
    assert FROM_C_ALWAYS <= {p.stem for p in SAVED}


def test_a_call_no_trace_holds_for_says_what_each_assumed(tmp_path: Path, pts_run):
    def f(x):
        if x.shape[0] > 4:
            return x[:4] * 2.0
        return x + 1.0
    t = pts.trace(f, (np.ones((8, 3)),))
    target = tmp_path / "f.pts"
    pts.save(t, target)                          # only the x.shape[0] > 4 trace
    np.save(tmp_path / "x.npy", np.ones((2, 3)))
    r = subprocess.run([str(pts_run), str(target), str(tmp_path / "x.npy"), "--out",
                        str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    assert "f: no trace holds for these sizes (trace 0 assumed x.shape[0] > 4)" in r.stderr
    with pytest.raises(RuntimeError, match="no trace holds for these sizes"):
        pts.load(target)(np.ones((2, 3)))
