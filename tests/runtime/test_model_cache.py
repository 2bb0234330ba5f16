"""Models in the disk cache (pts.model_cache) and identical layers compiled once
(ir.passes.share_methods).

A scripted model's native code is saved like a function's; a fresh process with the same
model (same classes' sources, same folded attributes, other weights or not) loads it
without LLVM, and any change of what the code folded in — a method's source, a callee's, a
hyperparameter, the number of layers, a dtype, train/eval — compiles again.  Counts are
pts.cache.STATS (llvm_compiles, cache_loads) and pts.model_cache.STATS (model_cache_hits,
shared_methods), never times.
"""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pts
import pts.nn as nn
from pts import Tensor, cache, model_cache

MODEL = """\
import math
import numpy as np
import pts
import pts.nn as nn
import pts.nn.functional as F
from pts import Tensor

SCALE = 1.0


def mix(x: Tensor) -> Tensor:
    return x * SCALE


class Block(nn.Module):
    def __init__(self, dim: int, scale: float):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.norm2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)
        self.scale = scale

    def forward(self, x: Tensor) -> Tensor:
        h = F.relu(self.fc1(self.norm(x)))
        g = F.softmax(h, -1) * F.sigmoid(h) + np.tanh(h)
        y = self.fc2(h + g)
        return self.norm2(x + mix(y) * self.scale)


class Net(nn.Module):
    def __init__(self, layers: int = 3, dim: int = 8, scale: float = 0.5, dtype=None):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim, scale) for _ in range(layers)])
        self.head = nn.Linear(dim, 2)
        if dtype is not None:
            for b in self.blocks:
                for layer in (b.fc1, b.fc2):
                    layer.weight = layer.weight.astype(dtype)
                    layer.bias = layer.bias.astype(dtype)
                for norm in (b.norm, b.norm2):
                    norm.weight = norm.weight.astype(dtype)
                    norm.bias = norm.bias.astype(dtype)
            self.head.weight = self.head.weight.astype(dtype)
            self.head.bias = self.head.bias.astype(dtype)

    def forward(self, x: Tensor) -> Tensor:
        for block in self.blocks:
            x = block(x)
        return self.head(x)
"""

RUNNER = """\
import json, sys
sys.path.insert(0, {dir!r})
import numpy as np
import pts
from pts import cache
import netmod
from pts.model_cache import STATS as MODEL_STATS
pts.manual_seed({seed})
model = netmod.Net(**{kwargs!r})
if {eval!r}:
    model.eval()
x = np.linspace(-1, 1, 5 * 8).reshape(5, 8).astype({dtype!r})
out = pts.script(model)(x)
want = model(x)
print(json.dumps({{"ok": bool(np.allclose(out, want, rtol=1e-5, atol=1e-6)),
                  "out": out.tolist(),
                  "stats": {{**{{k: cache.STATS[k] for k in ("llvm_compiles", "cache_loads")}},
                            **MODEL_STATS}}}}))
"""


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("PTS_CACHE_DIR", str(d))
    monkeypatch.delenv("PTS_CACHE", raising=False)
    monkeypatch.delenv("PTS_SHARE", raising=False)
    monkeypatch.setenv("PTS_TIER", "opt")
    return d


def write_model(src, text=MODEL):
    (src / "netmod.py").write_text(textwrap.dedent(text))


@pytest.fixture
def netmod(tmp_path):
    """MODEL imported from a file of its own (the compiler reads the classes' sources)."""
    import importlib.util
    name = f"netmod_{abs(hash(str(tmp_path)))}"
    path = tmp_path / f"{name}.py"
    path.write_text(MODEL)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules[name]


def run(src, seed=0, eval=False, dtype="float32", **kwargs):
    code = RUNNER.format(dir=str(src), seed=seed, kwargs=kwargs, eval=eval, dtype=dtype)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["ok"], out
    return out


def compiled(out):
    return out["stats"]["llvm_compiles"] > 0 and out["stats"]["model_cache_hits"] == 0


def hit(out):
    return out["stats"]["llvm_compiles"] == 0 and out["stats"]["model_cache_hits"] == 1


def test_fresh_process_loads_the_model_and_any_change_compiles_again(tmp_path, cache_dir):
    src = tmp_path / "src"
    src.mkdir()
    write_model(src)
    first = run(src)
    assert compiled(first)
    again = run(src)
    assert hit(again) and again["stats"]["cache_loads"] == 1
    assert again["out"] == first["out"]
    # other weights are run-time data: the same code
    other = run(src, seed=1)
    assert hit(other) and other["out"] != first["out"]
    # what the code folded in: each change is another entry (and the old ones stay valid)
    assert compiled(run(src, scale=0.25))           # a constant attribute
    assert compiled(run(src, layers=4))             # the layer count
    assert compiled(run(src, eval=True))            # train/eval
    assert hit(run(src, scale=0.25))
    assert hit(run(src))


def test_dtype_of_the_parameters_is_part_of_the_key(tmp_path, cache_dir):
    src = tmp_path / "src"
    src.mkdir()
    write_model(src)
    code = RUNNER.replace("model = netmod.Net(**{kwargs!r})",
                          "model = netmod.Net(**{kwargs!r}, dtype=np.float64)")
    def run64():
        c = code.format(dir=str(src), seed=0, kwargs={}, eval=False, dtype="float64")
        r = subprocess.run([sys.executable, "-c", c], capture_output=True, text=True,
                           timeout=300, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout.strip().splitlines()[-1])
    assert compiled(run(src, dtype="float64"))      # float32 parameters, float64 input
    out = run64()
    assert out["ok"] and compiled(out)              # float64 parameters: another entry
    assert hit(run64())


def test_edited_sources_compile_again(tmp_path, cache_dir):
    src = tmp_path / "src"
    src.mkdir()
    write_model(src)
    base = run(src)
    assert hit(run(src))
    # a method's source (same number of lines)
    write_model(src, MODEL.replace("return self.norm2(x + mix(y) * self.scale)",
                                   "return self.norm2(x - mix(y) * self.scale)"))
    edited = run(src)
    assert compiled(edited) and edited["out"] != base["out"]
    # a plain function the method calls, and a module-level constant it reads
    write_model(src, MODEL.replace("return x * SCALE", "return x * SCALE * 2.0"))
    assert compiled(run(src))
    write_model(src, MODEL.replace("SCALE = 1.0", "SCALE = 3.0"))
    assert compiled(run(src))
    # back to the first source: the slot holds SCALE = 3.0's code, whose dependencies no
    # longer hold: compiled again, never the stale code
    write_model(src, MODEL)
    back = run(src)
    assert compiled(back) and back["out"] == base["out"]
    assert hit(run(src))


def test_in_process_hit_and_guards(cache_dir, netmod):
    """A second model of the same structure in the same process takes the stored code; a
    cached model still sees a later change of a folded attribute (its guards)."""
    Net = netmod.Net
    x = np.linspace(-1, 1, 5 * 8).reshape(5, 8).astype(np.float32)
    pts.manual_seed(0)
    a = Net()
    out_a = pts.script(a)(x)
    np.testing.assert_allclose(out_a, a(x), rtol=1e-5, atol=1e-6)
    before = {**cache.STATS, **model_cache.STATS}
    pts.manual_seed(3)
    b = Net()
    m = pts.script(b)
    np.testing.assert_allclose(m(x), b(x), rtol=1e-5, atol=1e-6)
    assert model_cache.STATS["model_cache_hits"] == before["model_cache_hits"] + 1
    assert cache.STATS["llvm_compiles"] == before["llvm_compiles"]
    b.blocks[1].scale = 2.0                          # folded: the guards see it
    np.testing.assert_allclose(m(x), b(x), rtol=1e-5, atol=1e-6)
    assert cache.STATS["llvm_compiles"] == before["llvm_compiles"] + 1


# ---------------------------------------------------------------- sharing

def _functions(ir_text: str) -> list[str]:
    return [line.split("@")[1].split("(")[0] for line in ir_text.splitlines()
            if line.startswith("func @")]


@pytest.mark.parametrize("backend", ["native", "interp"])
def test_identical_layers_share_one_function(backend, monkeypatch, netmod):
    Net = netmod.Net
    pts.manual_seed(0)
    model = Net(layers=4)
    x = np.linspace(-1, 1, 5 * 8).reshape(5, 8).astype(np.float32)
    m = pts.script(model, backend=backend)
    before = model_cache.STATS["shared_methods"]
    np.testing.assert_allclose(m(x), model(x), rtol=1e-5, atol=1e-6)
    if backend == "native":
        assert model_cache.STATS["shared_methods"] > before
    names = _functions(m.ir(x))
    blocks = [n for n in names if n.startswith("blocks.") and n.endswith(".forward")
              and n.count(".") == 2]
    assert blocks == ["blocks.0.forward"], names     # one Block.forward for four blocks
    monkeypatch.setenv("PTS_SHARE", "0")
    assert not any(n.startswith("blocks.") for n in _functions(m.ir(x)))   # all inlined


def test_layers_whose_folded_attributes_differ_keep_their_own_code(netmod):
    Net = netmod.Net
    pts.manual_seed(0)
    model = Net(layers=4)
    model.blocks[2].scale = 0.125                   # one block folds another constant
    x = np.linspace(-1, 1, 5 * 8).reshape(5, 8).astype(np.float32)
    m = pts.script(model)
    np.testing.assert_allclose(m(x), model(x), rtol=1e-5, atol=1e-6)
    names = _functions(m.ir(x))
    blocks = sorted(n for n in names if n.startswith("blocks.") and n.count(".") == 2
                    and n.endswith(".forward"))
    # blocks 0, 1, 3 share one function; block 2 has its own (inlined: called once)
    assert blocks == ["blocks.0.forward"], names
    text = m.ir(x)
    assert "0.125" in text


def test_shared_layers_with_buffers_updated_in_place():
    """BatchNorm in training mode updates its running statistics in place: each shared
    copy updates its own layer's arrays (passed at the call)."""
    pts.manual_seed(0)

    class Stack(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([nn.Sequential(nn.Linear(6, 6), nn.BatchNorm1d(6),
                                                       nn.Tanh()) for _ in range(3)])

        def forward(self, x: Tensor) -> Tensor:
            for layer in self.layers:
                x = layer(x)
            return x

    import copy
    model = Stack()
    reference = copy.deepcopy(model)
    x = np.linspace(-2, 2, 4 * 6).reshape(4, 6).astype(np.float32)
    m = pts.script(model)
    for _ in range(2):
        np.testing.assert_allclose(m(x), reference(x), rtol=1e-5, atol=1e-6)
    for (k, a), (_, b) in zip(model.state_dict().items(), reference.state_dict().items()):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6, err_msg=k)


# ---------------------------------------------------------------- train steps

LOSS = """\


def loss_fn(model: Net, x: Tensor, y: Tensor) -> float:
    return F.cross_entropy(model(x), y)
"""

STEP_RUNNER = """\
import json, sys
sys.path.insert(0, {dir!r})
import numpy as np
import pts
from pts import cache
import netmod
from pts.model_cache import STATS as MODEL_STATS
pts.manual_seed({seed})
model = netmod.Net(**{kwargs!r})
if {eval!r}:
    model.eval()
params = list(model.head.parameters()) if {head_only!r} else list(model.parameters())
opt = {optimizer}
step = pts.train_step(model, netmod.loss_fn, opt)
x = np.linspace(-1, 1, 5 * 8).reshape(5, 8).astype(np.float32)
y = np.array([0, 1, 1, 0, 1])
initial = [p.tolist() for p in model.parameters()]
losses = [step(x, y) for _ in range(3)]
weights = [p.tolist() for p in model.parameters()]
saved = None
if {save!r}:        # pts.save of a step whose code came from the disk cache (its IR compiled)
    from pts.runtime import archive
    archive.save(step, {save!r}, example_inputs=[x, y], targets=archive.native_targets()[:1])
    saved = [pts.load({save!r})(x, y), step(x, y)]
print(json.dumps({{"losses": losses, "saved": saved,
                  "weights": weights,
                  "initial": initial, "head": len(list(model.head.parameters())),
                  "stats": {{**{{k: cache.STATS[k] for k in ("llvm_compiles", "cache_loads")}},
                            **MODEL_STATS}}}}))
"""


def run_step(src, optimizer="pts.optim.Adam(params, lr=1e-2)", seed=0, eval=False,
             head_only=False, env=None, save=None, **kwargs):
    code = STEP_RUNNER.format(dir=str(src), seed=seed, kwargs=kwargs, eval=eval,
                              head_only=head_only, optimizer=optimizer, save=save)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=300, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1",
                                             **(env or {})))
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_train_step_from_the_disk_cache(tmp_path, cache_dir):
    """A fresh process with the same model, loss and optimizer takes the stored step (no
    LLVM) and computes the same losses and weights, and pts.save still saves it; the
    optimizer's numbers are arguments (another lr hits)."""
    src = tmp_path / "src"
    src.mkdir()
    write_model(src, MODEL + LOSS)
    first = run_step(src, layers=1)
    assert compiled(first)
    assert first["losses"][2] < first["losses"][0]
    again = run_step(src, layers=1, save=str(tmp_path / "step.pts"))
    assert hit(again) and again["stats"]["cache_loads"] == 1
    assert again["losses"] == first["losses"] and again["weights"] == first["weights"]
    np.testing.assert_allclose(*again["saved"], rtol=1e-5)
    lr = run_step(src, optimizer="pts.optim.Adam(params, lr=1e-3)", layers=1)
    assert hit(lr) and lr["losses"][0] == first["losses"][0] and \
        lr["losses"][1] != first["losses"][1]


@pytest.mark.slow
def test_train_step_compiles_again_when_what_it_folded_in_changes(tmp_path, cache_dir):
    """The update kind and its flags, which parameters the optimizer holds, train/eval,
    the loss's source: each is another entry."""
    src = tmp_path / "src"
    src.mkdir()
    write_model(src, MODEL + LOSS)
    first = run_step(src, layers=1)
    assert compiled(first)
    sgd = "pts.optim.SGD(params, lr=1e-2, momentum=0.9)"
    assert compiled(run_step(src, optimizer=sgd, layers=1))
    assert hit(run_step(src, optimizer=sgd, layers=1))
    assert compiled(run_step(src, optimizer="pts.optim.Adam(params, lr=1e-2, amsgrad=True)",
                             layers=1))
    head = run_step(src, head_only=True, layers=1)      # the blocks are not trained
    assert compiled(head)
    n = head["head"]
    assert head["weights"][:-n] == head["initial"][:-n]
    assert all(w != i for w, i in zip(head["weights"][-n:], head["initial"][-n:]))
    cached_head = run_step(src, head_only=True, layers=1)
    assert hit(cached_head) and cached_head["weights"] == head["weights"]
    assert compiled(run_step(src, eval=True, layers=1))
    assert compiled(run_step(src, layers=2))
    write_model(src, MODEL + LOSS.replace("F.cross_entropy(model(x), y)",
                                          "F.cross_entropy(model(x) * 2.0, y)"))
    edited = run_step(src, layers=1)
    assert compiled(edited) and edited["losses"] != first["losses"]
    write_model(src, MODEL + LOSS)
    assert hit(run_step(src, layers=1))


@pytest.mark.slow
def test_first_call_compiles_at_once_and_the_image_is_stored_after(tmp_path, cache_dir,
                                                                    monkeypatch):
    """PTS_TIER=auto (the default): a model's or a train step's first call runs code of
    backend.jit.compile_module, and the disk cache's image is made from the same LLVM IR in
    the background (kept at exit): the next process loads it."""
    monkeypatch.setenv("PTS_TIER", "auto")
    src = tmp_path / "src"
    src.mkdir()
    write_model(src, MODEL + LOSS)
    first = run(src)
    assert compiled(first)
    again = run(src)
    assert hit(again) and again["stats"]["cache_loads"] == 1
    np.testing.assert_allclose(again["out"], first["out"], rtol=1e-6, atol=1e-7)
    step = run_step(src, layers=1)
    assert compiled(step)
    cached = run_step(src, layers=1)
    assert hit(cached)
    np.testing.assert_allclose(cached["losses"], step["losses"], rtol=1e-6)
    np.testing.assert_allclose(cached["weights"][0], step["weights"][0], rtol=1e-6, atol=1e-7)


CONV = """\
import numpy as np
import pts.nn as nn
import pts.nn.functional as F
from pts import Tensor


def net():
    return nn.Sequential(nn.Conv2d(1, 2, 3), nn.ReLU(), nn.Flatten(), nn.Linear(8, 2))


def loss_fn(model: nn.Sequential, x: Tensor, y: Tensor) -> float:
    return F.cross_entropy(model(x), y)
"""

CONV_RUNNER = """\
import json, sys
sys.path.insert(0, {dir!r})
import numpy as np
import pts
from pts.model_cache import STATS
import convmod
pts.manual_seed(0)
model = convmod.net()
step = pts.train_step(model, convmod.loss_fn, pts.optim.SGD(model.parameters(), lr=0.1))
x = np.linspace(-1, 1, 2 * 16).reshape(2, 1, 4, 4).astype(np.float32)
losses = [step(x, np.array([0, 1])) for _ in range(2)]
print(json.dumps({{"losses": losses, "hits": STATS["model_cache_hits"]}}))
"""


def test_train_step_whose_gradient_calls_library_vjps_from_the_disk_cache(tmp_path,
                                                                           cache_dir):
    """A convolution's gradient calls stdlib/nn_grad.py's VJPs, which the code names
    nowhere and which a fresh process has not imported: the cached step's dependencies are
    still found (and checked)."""
    (tmp_path / "convmod.py").write_text(CONV)
    outs = []
    for _ in range(2):
        r = subprocess.run([sys.executable, "-c", CONV_RUNNER.format(dir=str(tmp_path))],
                           capture_output=True, text=True, timeout=300,
                           env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
        assert r.returncode == 0, r.stderr
        outs.append(json.loads(r.stdout.strip().splitlines()[-1]))
    assert outs[0]["hits"] == 0 and outs[1]["hits"] == 1
    assert outs[1]["losses"] == outs[0]["losses"] and outs[0]["losses"][1] < outs[0]["losses"][0]
