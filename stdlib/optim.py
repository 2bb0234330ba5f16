"""Optimizer updates written in the pts language (used by pts.optim).

Each `*_update` function updates one parameter in place in a single pass over the parameter,
its gradient and its state (DESIGN.md §9): a loop over the flat index that reads every array
once and writes the parameter and its state once, with no temporary arrays: compiled, one
native loop (~25 GB/s for Adam on 51M float32 parameters here).  Whole-array numpy code
would not do: `p -= ...` and `m[:] = ...` are not fused (ir/passes/fuse_tensors.py: a
kernel computes one new array, never writes into an operand), so it would make a temporary
per operation and walk memory once per operation (Adam on 1M float32 parameters: ~7x
slower compiled, ~30x as eager numpy).

The arithmetic of one element is in the `*_step` functions, which are also valid on whole
arrays: pts.optim's eager path calls them on the arrays themselves, so the eager, the
interpreted and the native updates compute the same operations in the same order (numpy
scalars and arrays of one dtype round alike, NEP 50 keeps the float hyperparameters weak).

Every hyperparameter is a run-time argument (`float` or `bool`), never a constant of the
code: a learning-rate schedule calls the same compiled code.  The bias corrections are
scalars computed once per parameter and step by the caller (`adam_bias_corrections`, which
pts.optim runs as Python and a compiled training step can call natively: the same floats).
The formulas are torch's (torch/optim/sgd.py, adam.py, adamw.py, `_single_tensor_*`), with
their rounding order:
- SGD: `g = -g` (maximize); `g += wd * p`; momentum: the first step's buffer is the gradient
  itself (no dampening), then `buf = buf * momentum + (1 - dampening) * g`; nesterov:
  `g = g + momentum * buf`, else `g = buf`; `p = p - lr * g`.
- Adam/AdamW: `g = -g` (maximize); AdamW `p = p * (1 - lr * wd)` (decoupled), Adam
  `g = g + wd * p` (L2); `m = lerp(m, g, 1 - beta1)` (torch's lerp: `m + w * (g - m)` for
  w < 0.5, else `g - (g - m) * (1 - w)`); `v = v * beta2 + (1 - beta2) * g * g`; amsgrad:
  `vmax = maximum(vmax, v)` and v below is vmax; `denom = sqrt(v) / sqrt(bc2) + eps`;
  `p = p - step_size * m / denom` with `step_size = lr / bc1`.

The arrays are 1-D views (pts.optim passes `p.reshape(-1)` of contiguous arrays); the
functions reshape again so that they take any rank.
"""
import math

import numpy as np

# Each update checks once, before its loop, that every array has the parameter's size: the
# loop's index is then in range for all of them, the compiled loop has no bounds check
# left and vectorizes (SGD on 200k float32 parameters: ~2.5x faster than with a check per
# element; bench/training.py's MLP step).

def adam_bias_corrections(beta1: float, beta2: float, step: float,
                          lr: float) -> tuple[float, float]:
    """(step_size, bias_correction2_sqrt) for Adam's step number `step` (1 for the first):
    lr / (1 - beta1**step) and sqrt(1 - beta2**step), in floats as torch computes them."""
    return lr / (1.0 - beta1 ** step), math.sqrt(1.0 - beta2 ** step)


def sgd_step(p, g, lr: float, weight_decay: float, maximize: bool):
    """One element (or array) of plain SGD (no momentum): the new parameter."""
    if maximize:
        g = -g
    if weight_decay != 0.0:
        g = g + weight_decay * p
    return p - lr * g


def sgd_momentum_step(p, g, buf, lr: float, momentum: float, dampening: float,
                      weight_decay: float, nesterov: bool, maximize: bool, first: bool):
    """One element (or array) of SGD with momentum: (new parameter, new momentum buffer).
    `first`: the buffer does not exist yet; it starts as the gradient, undampened."""
    if maximize:
        g = -g
    if weight_decay != 0.0:
        g = g + weight_decay * p
    if first:
        buf = g
    else:
        buf = buf * momentum + (1.0 - dampening) * g
    if nesterov:
        g = g + momentum * buf
    else:
        g = buf
    return p - lr * g, buf


def adam_moments(p, g, m, v, beta1: float, beta2: float, weight_decay: float, decay: float,
                 maximize: bool):
    """The start of an Adam/AdamW element: (parameter after decoupled decay, new m, new v).
    `weight_decay`: Adam's L2 term (0 for AdamW); `decay`: AdamW's factor 1 - lr * wd (1
    for Adam)."""
    if maximize:
        g = -g
    if decay != 1.0:
        p = p * decay
    if weight_decay != 0.0:
        g = g + weight_decay * p
    w = 1.0 - beta1
    # torch's lerp picks the form that is exact at its own end
    if w < 0.5:
        m = m + w * (g - m)
    else:
        m = g - (g - m) * (1.0 - w)
    v = v * beta2 + (1.0 - beta2) * g * g
    return p, m, v


def adam_finish(p, m, v, eps: float, step_size: float, bias_correction2_sqrt: float):
    """The end of an Adam/AdamW element: the new parameter from m and v (or vmax)."""
    denom = np.sqrt(v) / bias_correction2_sqrt + eps
    return p - step_size * m / denom


def sgd_update(p: np.ndarray, g: np.ndarray, lr: float, weight_decay: float,
               maximize: bool) -> None:
    pf = p.reshape(-1)
    gf = g.reshape(-1)
    n = pf.size
    if gf.size != n:
        raise ValueError("the gradient and the optimizer state must have the parameter's size")
    for i in range(n):
        pf[i] = sgd_step(pf[i], gf[i], lr, weight_decay, maximize)


def sgd_momentum_update(p: np.ndarray, g: np.ndarray, buf: np.ndarray, lr: float,
                        momentum: float, dampening: float, weight_decay: float,
                        nesterov: bool, maximize: bool, first: bool) -> None:
    pf = p.reshape(-1)
    gf = g.reshape(-1)
    bf = buf.reshape(-1)
    n = pf.size
    if gf.size != n or bf.size != n:
        raise ValueError("the gradient and the optimizer state must have the parameter's size")
    for i in range(n):
        pi, bi = sgd_momentum_step(pf[i], gf[i], bf[i], lr, momentum, dampening, weight_decay,
                                   nesterov, maximize, first)
        pf[i] = pi
        bf[i] = bi


def adam_update(p: np.ndarray, g: np.ndarray, m: np.ndarray, v: np.ndarray, beta1: float,
                beta2: float, eps: float, weight_decay: float, decay: float,
                step_size: float, bias_correction2_sqrt: float, maximize: bool) -> None:
    pf = p.reshape(-1)
    gf = g.reshape(-1)
    mf = m.reshape(-1)
    vf = v.reshape(-1)
    n = pf.size
    if gf.size != n or mf.size != n or vf.size != n:
        raise ValueError("the gradient and the optimizer state must have the parameter's size")
    for i in range(n):
        pi, mi, vi = adam_moments(pf[i], gf[i], mf[i], vf[i], beta1, beta2, weight_decay, decay,
                                  maximize)
        mf[i] = mi
        vf[i] = vi
        pf[i] = adam_finish(pi, mi, vi, eps, step_size, bias_correction2_sqrt)


def adam_amsgrad_update(p: np.ndarray, g: np.ndarray, m: np.ndarray, v: np.ndarray,
                        vmax: np.ndarray, beta1: float, beta2: float, eps: float,
                        weight_decay: float, decay: float, step_size: float,
                        bias_correction2_sqrt: float, maximize: bool) -> None:
    pf = p.reshape(-1)
    gf = g.reshape(-1)
    mf = m.reshape(-1)
    vf = v.reshape(-1)
    xf = vmax.reshape(-1)
    n = pf.size
    if gf.size != n or mf.size != n or vf.size != n or xf.size != n:
        raise ValueError("the gradient and the optimizer state must have the parameter's size")
    for i in range(n):
        pi, mi, vi = adam_moments(pf[i], gf[i], mf[i], vf[i], beta1, beta2, weight_decay, decay,
                                  maximize)
        xi = np.maximum(xf[i], vi)
        mf[i] = mi
        vf[i] = vi
        xf[i] = xi
        pf[i] = adam_finish(pi, mi, xi, eps, step_size, bias_correction2_sqrt)


def adamw_update(p: np.ndarray, g: np.ndarray, m: np.ndarray, v: np.ndarray, lr: float,
                 beta1: float, beta2: float, eps: float, weight_decay: float,
                 step_size: float, bias_correction2_sqrt: float, maximize: bool) -> None:
    """AdamW: Adam with the decoupled decay p *= 1 - lr * weight_decay and no L2 term."""
    adam_update(p, g, m, v, beta1, beta2, eps, 0.0, 1.0 - lr * weight_decay, step_size,
                bias_correction2_sqrt, maximize)
