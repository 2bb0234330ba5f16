"""A Sequential's Conv2d, BatchNorm2d, ReLU (and Conv2d, ReLU) in eval mode, scripted, is one
convolution: the batch norm folded into its weight and bias, the ReLU in its epilogue
(frontend/check_objects.fused_link, stdlib/modules.py Conv2d._forward_bn_relu).  Results
against the eager layers (float32 within rounding, float64 to 1e-12); training mode and
anything the fold does not cover runs the layers one after the other, with the same
running statistics as eagerly; switching modes recompiles; gradients through the fused
layers against central differences and against the unfused layers'.  A Sequential
scripted as the root fuses the same way (frontend.objects.forward_function)."""
import numpy as np
import pytest

import pts
import pts.nn as nn
import pts.nn.functional as F


class Net(nn.Module):
    """A model that calls a Sequential (as MyConv does: `self.convnet(x)`)."""

    def __init__(self, body):
        super().__init__()
        self.body = body

    def forward(self, x):
        return self.body(x)


def stack(dtype=np.float32, seed=0, bias=True, affine=True, relu_only=False):
    pts.manual_seed(seed)
    layers = [nn.Conv2d(3, 8, 3, padding=1, bias=bias, dtype=dtype)]
    if not relu_only:
        bn = nn.BatchNorm2d(8, affine=affine, dtype=dtype)
        r = np.random.default_rng(seed)
        bn.running_mean[:] = r.standard_normal(8)
        bn.running_var[:] = r.uniform(0.5, 2.0, 8)
        if affine:
            bn.weight[:] = r.uniform(0.5, 1.5, 8)
            bn.bias[:] = r.standard_normal(8)
        layers.append(bn)
    layers.append(nn.ReLU())
    layers += [nn.Conv2d(8, 16, 3, padding=1, dtype=dtype), nn.BatchNorm2d(16, dtype=dtype),
               nn.ReLU()]
    return Net(nn.Sequential(*layers)).eval()


def images(n=4, dtype=np.float32, seed=1, side=10):
    return np.random.default_rng(seed).standard_normal((n, 3, side, side)).astype(dtype)


def fused(ir: str) -> int:
    """Convolutions with the ReLU in their epilogue in a module's IR."""
    return sum(line.count("np.conv2d_wide") for line in ir.splitlines()
               if line.rstrip().split(" {")[0].endswith("true"))


def tol(dtype):
    return 2e-5 if dtype == np.float32 else 1e-12


@pytest.mark.parametrize("backend", ["interp", "native"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_eval_mode_is_one_convolution_with_the_eager_results(dtype, backend):
    m = stack(dtype)
    x = images(dtype=dtype)
    s = pts.script(m, backend=backend)
    assert fused(s.ir(x)) == 2
    got = np.asarray(s(x))
    want = m(x)
    assert got.dtype == dtype and (want == 0).mean() > 0.2
    np.testing.assert_allclose(got, want, rtol=tol(dtype), atol=tol(dtype))


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_a_sequential_scripted_as_the_root_fuses_too(backend):
    """pts.script(nn.Sequential(...)) compiles the chain of its children, as a model that
    holds it does (not its forward's loop); in training mode the layers run one by one and
    update the running statistics as eagerly."""
    seq = stack().body
    x = images()
    s = pts.script(seq, backend=backend)
    assert fused(s.ir(x)) == 2
    np.testing.assert_allclose(np.asarray(s(x)), seq(x), rtol=2e-5, atol=2e-5)
    seq.train()
    twin = stack().body.train()
    assert fused(s.ir(x)) == 0
    np.testing.assert_allclose(np.asarray(s(x)), twin(x), rtol=2e-5, atol=2e-5)
    np.testing.assert_allclose(seq[1].running_mean, twin[1].running_mean, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("kind", ["conv without bias", "conv and relu", "norm without affine"])
def test_the_other_forms(kind):
    m = {"conv without bias": lambda: stack(bias=False),
         "conv and relu": lambda: stack(relu_only=True),
         "norm without affine": lambda: stack(affine=False)}[kind]()
    x = images()
    s = pts.script(m)
    # no affine parameters: the first three layers run one after the other
    assert fused(s.ir(x)) == (1 if kind == "norm without affine" else 2)
    np.testing.assert_allclose(np.asarray(s(x)), m(x), rtol=2e-5, atol=2e-5)


def test_training_mode_runs_the_layers_and_updates_the_statistics_as_eagerly():
    m, twin = stack(), stack()
    m.train()
    twin.train()
    x = images()
    s = pts.script(m)
    assert fused(s.ir(x)) == 0
    np.testing.assert_allclose(np.asarray(s(x)), twin(x), rtol=1e-5, atol=1e-5)
    for a, b in ((m.body[1], twin.body[1]), (m.body[4], twin.body[4])):
        np.testing.assert_allclose(a.running_mean, b.running_mean, rtol=1e-6, atol=1e-7)
        np.testing.assert_allclose(a.running_var, b.running_var, rtol=1e-6, atol=1e-7)
    # back to eval mode: the fused code, with the statistics training left
    m.eval()
    twin.eval()
    np.testing.assert_allclose(np.asarray(s(x)), twin(x), rtol=2e-5, atol=2e-5)


def test_new_parameters_are_seen_by_the_next_call():
    m = stack()
    x = images()
    s = pts.script(m)
    s(x)
    m.body[1].running_var[:] *= 4.0
    m.body[0].weight[:] *= -1.0
    np.testing.assert_allclose(np.asarray(s(x)), m(x), rtol=2e-5, atol=2e-5)


def weighted(out):
    n, c, h, w = out.shape
    return np.sum(out * np.cos(np.arange(n * c * h * w).reshape(n, c, h, w)))


def loss(model, x):
    return weighted(model(x))


def unfused(model, x):
    """The same layers called one by one (no Sequential: nothing to fuse)."""
    h = x
    for layer in model.body:
        h = layer(h)
    return h


def unfused_loss(model, x):
    return weighted(unfused(model, x))


def test_gradients_through_the_fused_layers():
    """float64: the parameters' gradients equal the unfused layers' (conv2d_relu's VJP
    against conv2d's and batch_norm's), and the input's pass pts.gradcheck (central
    differences of the eager layers)."""
    m = stack(np.float64)
    x = images(2, np.float64, side=5)
    value, grads = pts.value_and_grad(loss)(m, x)
    value2, grads2 = pts.value_and_grad(unfused_loss)(m, x)
    assert abs(value - value2) < 1e-9 * abs(value2)
    assert grads.keys() == grads2.keys() and "body.0.weight" in grads and "body.1.weight" in grads
    for k in grads:
        np.testing.assert_allclose(grads[k], grads2[k], rtol=1e-9, atol=1e-10)
    assert pts.gradcheck(loss, (m, x), argnums=1)
