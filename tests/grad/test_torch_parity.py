"""Gradients and training against PyTorch's autograd (issue 28's acceptance), where torch is
installed: `make test-all` (`make bench BENCH_TORCH=1` installs the CPU build).

The torch side is written functionally from the pts model's own arrays (torch.nn.functional
on leaf tensors), so that nothing but the arithmetic is shared: MyConv (the seed
experiment's model, training mode: batch statistics) and a transformer block (layer norm,
causal attention, GELU MLP).  Gradients agree within float32 tolerance in float32 and
tightly in float64; 20 Adam steps of the seed experiment agree with torch's losses within
1e-6 relative in float64, and the first 5 within 1e-3 in float32.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import pts
import pts.nn as nn
import pts.nn.functional as F
from pts import Tensor
from pts.demo_models import MyConv

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.slow


def as_dtype(model, dtype):
    """The model with every float parameter and buffer converted to dtype (re-registered)."""
    for mod in model.modules():
        for name, p in list(mod.named_parameters(recurse=False)):
            mod.register_parameter(name, np.ascontiguousarray(p, dtype=dtype))
        for name, b in list(mod.named_buffers(recurse=False)):
            if b.dtype.kind == "f":
                mod.register_buffer(name, np.ascontiguousarray(b, dtype=dtype))
    return model


def torch_params(model) -> dict:
    return {k: torch.tensor(np.array(v), requires_grad=True)
            for k, v in model.named_parameters()}


def close(a, b, rtol: float, floor: float = 0.0):
    """|a - b| <= rtol * max(max|b|, floor): each gradient at its own scale, except those
    that are zero in exact arithmetic (a convolution's bias before a training-mode batch
    norm: the batch mean takes it away), which are rounding noise of the model's scale."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    scale = max(float(np.abs(b).max()), floor, 1e-30)
    assert float(np.abs(a - b).max()) <= rtol * scale, (float(np.abs(a - b).max()), scale)


# ---------------------------------------------------------------- MyConv

def myconv_loss(model: MyConv, x: Tensor, y: Tensor) -> float:
    return F.nll_loss(model(x), y)


def torch_myconv_loss(model, p: dict, x, y):
    """MyConv's training-mode forward in torch.nn.functional with the parameters `p`."""
    tf = torch.nn.functional
    h = torch.from_numpy(x)
    for conv, bn in ((0, 1), (3, 4), (6, 7)):
        h = tf.conv2d(h, p[f"convnet.{conv}.weight"], p[f"convnet.{conv}.bias"], padding=1)
        m = model.convnet[bn]
        h = tf.batch_norm(h, torch.from_numpy(np.array(m.running_mean)),
                          torch.from_numpy(np.array(m.running_var)),
                          p[f"convnet.{bn}.weight"], p[f"convnet.{bn}.bias"], training=True,
                          momentum=m.momentum, eps=m.eps)
        h = torch.relu(h)
    h = h.reshape(h.shape[0], -1)
    h = torch.relu(tf.linear(h, p["linearnet.0.weight"], p["linearnet.0.bias"]))
    h = tf.log_softmax(tf.linear(h, p["linearnet.2.weight"], p["linearnet.2.bias"]), dim=1)
    return tf.nll_loss(h, torch.from_numpy(y))


def seeded_myconv(dtype, batch: int):
    pts.manual_seed(0)
    model = as_dtype(MyConv(), dtype).train()
    rng = np.random.default_rng(0)
    x = rng.standard_normal((batch, 3, 28, 28)).astype(dtype)
    y = rng.integers(0, 10, batch).astype(np.int64)
    return model, x, y


@pytest.mark.parametrize("dtype,rtol", [(np.float64, 1e-9), (np.float32, 2e-3)])
def test_myconv_gradients_equal_torch_autograd(dtype, rtol):
    model, x, y = seeded_myconv(dtype, 4)
    p = torch_params(model)
    want = torch_myconv_loss(model, p, x, y)
    want.backward()
    loss, grads = pts.value_and_grad(myconv_loss)(model, x, y)
    assert loss == pytest.approx(float(want.detach()), rel=rtol)
    assert list(grads) == list(p)
    floor = 1e-3 * max(float(t.grad.abs().max()) for t in p.values())
    for name, g in grads.items():
        assert g.dtype == dtype and g.shape == tuple(p[name].shape), name
        close(g, p[name].grad.numpy(), rtol, floor)


def torch_adam_losses(model, x, y, steps: int) -> list[float]:
    """torch's Adam from the model's weights (the model is not changed: in training mode
    its running statistics do not enter the loss)."""
    p = torch_params(model)
    opt = torch.optim.Adam(list(p.values()), lr=1e-3)
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = torch_myconv_loss(model, p, x, y)
        loss.backward()
        opt.step()
        losses.append(float(loss.detach()))
    return losses


def pts_adam_losses(model, x, y, steps: int) -> list[float]:
    opt = pts.optim.Adam(model.parameters(), lr=1e-3)
    vg = pts.value_and_grad(myconv_loss)
    losses = []
    for _ in range(steps):
        loss, grads = vg(model, x, y)
        opt.step(grads)
        losses.append(float(loss))
    return losses


def test_seed_experiment_float64_follows_torch_for_20_steps():
    """MyConv, batch 128, Adam(lr=1e-3), 20 steps from the same weights, float64."""
    model, x, y = seeded_myconv(np.float64, 128)
    want = torch_adam_losses(model, x, y, 20)
    got = pts_adam_losses(model, x, y, 20)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_seed_experiment_float32_first_steps_follow_torch():
    model, x, y = seeded_myconv(np.float32, 128)
    want = torch_adam_losses(model, x, y, 5)
    got = pts_adam_losses(model, x, y, 5)
    np.testing.assert_allclose(got, want, rtol=1e-3)


# ---------------------------------------------------------------- a transformer block

class Block(nn.Module):
    """Pre-norm transformer block: causal multi-head attention and a GELU MLP."""

    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.ln2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        b, t, c = x.shape
        hd = c // self.heads
        qkv = self.qkv(self.ln1(x)).reshape(b, t, 3, self.heads, hd)
        q = qkv[:, :, 0].transpose(0, 2, 1, 3)
        k = qkv[:, :, 1].transpose(0, 2, 1, 3)
        v = qkv[:, :, 2].transpose(0, 2, 1, 3)
        scores = q @ k.transpose(0, 1, 3, 2) * (1.0 / math.sqrt(hd))
        causal = np.arange(t).reshape(t, 1) >= np.arange(t).reshape(1, t)
        att = F.softmax(np.where(causal, scores, -np.inf), -1)
        x = x + self.proj((att @ v).transpose(0, 2, 1, 3).reshape(b, t, c))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


def block_loss(model: Block, x: Tensor, w: Tensor) -> float:
    return float((model(x) * w).sum())


def torch_block_loss(p: dict, heads: int, x, w):
    tf = torch.nn.functional
    x = torch.from_numpy(x)
    b, t, c = x.shape
    hd = c // heads
    h = tf.layer_norm(x, (c,), p["ln1.weight"], p["ln1.bias"])
    qkv = tf.linear(h, p["qkv.weight"], p["qkv.bias"]).reshape(b, t, 3, heads, hd)
    q, k, v = (qkv[:, :, i].transpose(1, 2) for i in range(3))
    scores = q @ k.transpose(-1, -2) * (1.0 / math.sqrt(hd))
    causal = torch.tril(torch.ones(t, t)) > 0.5
    att = torch.softmax(torch.where(causal, scores, -math.inf), -1)
    x = x + tf.linear((att @ v).transpose(1, 2).reshape(b, t, c), p["proj.weight"],
                      p["proj.bias"])
    h = tf.layer_norm(x, (c,), p["ln2.weight"], p["ln2.bias"])
    h = tf.linear(tf.gelu(tf.linear(h, p["fc1.weight"], p["fc1.bias"])), p["fc2.weight"],
                  p["fc2.bias"])
    return ((x + h) * torch.from_numpy(w)).sum()


# float64: pts's erf (hence GELU) is fdlibm's there, as torch's, so the block agrees to 1e-9
@pytest.mark.parametrize("dtype,rtol", [(np.float64, 1e-9), (np.float32, 2e-3)])
def test_transformer_block_gradients_equal_torch_autograd(dtype, rtol):
    pts.manual_seed(1)
    model = as_dtype(Block(16, 2), dtype)
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 5, 16)).astype(dtype)
    w = rng.standard_normal((3, 5, 16)).astype(dtype)
    p = torch_params(model)
    want = torch_block_loss(p, 2, x, w)
    want.backward()
    (loss, (grads, gx)) = pts.value_and_grad(block_loss, argnums=(0, 1))(model, x, w)
    assert loss == pytest.approx(float(want.detach()), rel=rtol)
    for name, g in grads.items():
        close(g, p[name].grad.numpy(), rtol)
    assert gx.shape == x.shape


# ---------------------------------------------------------------- tuples, writes, N-d dot, erf

def joins(x: Tensor, y: Tensor, w: Tensor) -> float:
    c = np.concatenate((x, np.tanh(y) * 2.0), axis=1)
    s = np.stack((c, c * c), axis=0)
    return float((s * w).sum())


def torch_joins(x, y, w):
    c = torch.cat((x, torch.tanh(y) * 2.0), dim=1)
    return (torch.stack((c, c * c), dim=0) * w).sum()


def pad_write(x: Tensor, w: Tensor) -> float:
    out = np.zeros((x.shape[0] + 2, x.shape[1] + 2))
    out[1:-1, 1:-1] = x * x
    return float((np.exp(out) * w).sum())


def torch_pad_write(x, w):
    return (torch.exp(torch.nn.functional.pad(x * x, (1, 1, 1, 1))) * w).sum()


def accumulate_rows(x: Tensor, w: Tensor) -> float:
    acc = np.zeros(x.shape[1])
    out = np.zeros((x.shape[0], x.shape[1]))
    for i in range(x.shape[0]):
        acc += np.sin(x[i])
        out[i] = acc * float(i + 1)
    return float((out * w).sum())


def torch_accumulate_rows(x, w):
    rows = torch.cumsum(torch.sin(x), dim=0)
    scale = torch.arange(1, x.shape[0] + 1, dtype=x.dtype).reshape(-1, 1)
    return (rows * scale * w).sum()


def dot_nd_loss(a: Tensor, b: Tensor, w: Tensor) -> float:
    return float((np.dot(a, b) * w).sum())


def torch_dot_nd_loss(a, b, w):
    return (torch.tensordot(a, b, dims=([a.dim() - 1], [b.dim() - 2])) * w).sum()


def gelu_loss(x: Tensor, w: Tensor) -> float:
    return float((F.gelu(x) * w).sum())


def torch_gelu_loss(x, w):
    return (torch.nn.functional.gelu(x) * w).sum()


_R = np.random.default_rng(285)
NEW_CASES = [
    (joins, torch_joins, (_R.normal(size=(3, 2)), _R.normal(size=(3, 4)), _R.normal(size=(2, 3, 6)))),
    (pad_write, torch_pad_write, (_R.normal(size=(3, 4)), _R.normal(size=(5, 6)))),
    (accumulate_rows, torch_accumulate_rows, (_R.normal(size=(4, 3)), _R.normal(size=(4, 3)))),
    (dot_nd_loss, torch_dot_nd_loss, (_R.normal(size=(2, 3, 4)), _R.normal(size=(5, 4, 2)),
                                      _R.normal(size=(2, 3, 5, 2)))),
    (gelu_loss, torch_gelu_loss, (_R.normal(size=(40,)) * 3.0, _R.normal(size=(40,)))),
]


@pytest.mark.parametrize("backend", ["native", "interp"])
@pytest.mark.parametrize("fn,torch_fn,inputs", NEW_CASES, ids=[c[0].__name__ for c in NEW_CASES])
def test_new_gradients_equal_torch_autograd(fn, torch_fn, inputs, backend):
    # float64: tuples (concatenate, stack), writes into fresh arrays (pad, rows, +=), N-d
    # np.dot and float64 GELU, each gradient against torch.autograd's
    n = len(inputs) - 1
    val, grads = pts.value_and_grad(fn, argnums=tuple(range(n)), backend=backend)(*inputs)
    ts = [torch.tensor(v, requires_grad=True) for v in inputs[:-1]]
    want = torch_fn(*ts, torch.tensor(inputs[-1]))
    want.backward()
    assert val == pytest.approx(float(want.detach()), rel=1e-12)
    for g, t in zip(grads, ts):
        close(g, t.grad.numpy(), 1e-12)
