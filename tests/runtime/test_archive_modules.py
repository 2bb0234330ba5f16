"""Module archives: pts.save(pts.script(model)) stores the weights; pts.load and pts-run run
forward (and exported methods) with them, and agree bit for bit with each other and with
the scripted model in process: they run the archive's host image, compiled exactly as the
JIT compiles for this CPU.  (Where there is no host image — not x86-64 — the baseline image
agrees with the in-process model to float32 rounding: vectorized reductions may differ.)

The weights are stored .npy entries aligned in the zip, so libpts uses them in place from
the file's mapping; `pts-run` passes them to the code itself (the command line gives only
forward's arguments).
"""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

import pts
import pts.nn as nn
from pts import Tensor
from pts.runtime import archive

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptsbuild import build_runtime, have  # noqa: E402


class MLP(nn.Module):
    def __init__(self, sizes=(8, 16, 16, 3)):
        super().__init__()
        layers = []
        for a, b in zip(sizes[:-1], sizes[1:]):
            layers += [nn.Linear(a, b), nn.Tanh()]
        self.body = nn.Sequential(*layers[:-1])
        self.act = nn.GELU(approximate="tanh")
        self.out = nn.Softmax(dim=-1)

    def forward(self, x: Tensor) -> Tensor:
        return self.out(self.act(self.body(x)))

    @pts.export
    def scores(self, x: Tensor, scale: float = 2.0) -> Tensor:
        return self.body(x) * scale


TARGET = archive.native_targets()[0]         # the host image where there is one


def bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and \
        np.ascontiguousarray(a).tobytes() == np.ascontiguousarray(b).tobytes()


def same(got: np.ndarray, want: np.ndarray) -> bool:
    """An archive's result against the in-process one: bit for bit from the host image."""
    if TARGET == archive.HOST_TARGET:
        return bits(got, want)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    return got.dtype == want.dtype and got.shape == want.shape


@pytest.fixture(scope="module")
def pts_run():
    if not have("cc"):
        pytest.skip("needs a C compiler")
    return build_runtime() / "pts-run"


def run_c(pts_run, target, x, tmp_path, *extra):
    np.save(tmp_path / "x.npy", x)
    r = subprocess.run([str(pts_run), str(target), *extra, str(tmp_path / "x.npy"), "--out",
                        str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"{tmp_path}/result.npy\n"
    return np.load(tmp_path / "result.npy")


def test_mlp_archive(tmp_path, pts_run):
    pts.manual_seed(0)
    model = MLP()
    m = pts.script(model, backend="native")
    x = np.random.default_rng(1).standard_normal((5, 8)).astype(np.float32)
    want = m(x)
    want_scores = m.scores(x)
    target = tmp_path / "mlp.pts"
    manifest = archive.save(m, str(target), example_inputs={"scores": [(x, 0.5)]},
                            targets=[TARGET])
    assert manifest["kind"] == "module" and manifest["name"] == "MLP"
    names = [w["name"] for w in manifest["weights"]]
    assert "body.0.weight" in names and "body.4.bias" in names
    with zipfile.ZipFile(target) as z:
        raw = target.read_bytes()
        for info in z.infolist():
            if info.filename.startswith("weights/"):
                n, k = np.frombuffer(raw, "<u2", 2, info.header_offset + 26)
                start = info.header_offset + 30 + int(n) + int(k)
                assert start % 64 == 0
                assert np.lib.format.read_magic(__import__("io").BytesIO(raw[start:])) == (1, 0)

    loaded = pts.load(target)
    assert loaded.methods == ["forward", "scores"] and loaded.image == TARGET
    got = loaded(x)
    assert same(got, want)
    assert bits(loaded.forward(x), got)
    assert same(loaded.scores(x), want_scores)                # default scale=2.0
    got_scores = loaded.scores(x, scale=0.5)
    assert same(got_scores, m.scores(x, 0.5))
    assert bits(loaded.weights["body.0.weight"], model.body[0].weight)

    assert bits(run_c(pts_run, target, x, tmp_path), got)
    assert bits(run_c(pts_run, target, x, tmp_path, "--entry", "forward"), got)
    r = subprocess.run([str(pts_run), str(target), "--list"], capture_output=True, text=True)
    assert r.returncode == 0
    assert "forward  (tensor<f32, 2>) -> tensor<f32, 2>" in r.stdout
    assert "scores  (tensor<f32, 2>, f64) -> tensor<f32, 2>" in r.stdout
    assert "weights: 6 tensors" in r.stdout
    np.save(tmp_path / "x.npy", x)
    r = subprocess.run([str(pts_run), str(target), "--entry", "scores", str(tmp_path / "x.npy"),
                        "0.5", "--out", str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert bits(np.load(tmp_path / "result.npy"), got_scores)
    r = subprocess.run([str(pts_run), str(target), str(tmp_path / "x.npy")], capture_output=True,
                       text=True)
    assert r.returncode == 2 and "give --out DIR" in r.stderr


@pytest.mark.slow
def test_myconv_archive(tmp_path, pts_run):
    """The demo's model (MyConv, 52M parameters: a 200 MB archive), batch 2."""
    from pts.demo_models import MyConv
    pts.manual_seed(0)
    m = pts.script(MyConv().eval(), backend="native")
    x = np.random.default_rng(0).standard_normal((2, 3, 28, 28)).astype(np.float32)
    want = m(x)
    target = tmp_path / "myconv.pts"
    archive.save(m, str(target), targets=[TARGET])
    loaded = pts.load(target)
    got = loaded(x)
    assert same(got, want)
    assert bits(run_c(pts_run, target, x, tmp_path), got)
