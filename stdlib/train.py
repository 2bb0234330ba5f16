"""The per-parameter pieces of a compiled training step, written in the pts language
(pts.train builds the step from them; DESIGN.md §9).

A training step's update of one parameter reads everything it needs from arrays, so that
a caller from C passes nothing but arrays: the hyperparameters from the float64 array
`hyper` (one row of `HYPER_WIDTH` values per parameter, in the order the `*_param`
functions list), the step count from the float64 array `counters` (one per parameter:
Adam's `step`; for SGD with momentum, 0 means the momentum buffer does not exist yet).
Each function advances its counter after its update, and calls the update functions of
stdlib/optim.py, so the arithmetic is pts.optim's own: `optimizer.step` and a training
step give the same numbers.  The flags (maximize, nesterov, decoupled) are arguments that
pts.train passes as constants: they are part of the compiled step's signature.

`fresh` and `restore` make the step's writes to model buffers (BatchNorm running
statistics) transactional: the forward pass writes into fresh copies, copied back at the
very end of the step, which only a step that raised nothing reaches.
"""
import numpy as np

from pts.stdlib.optim import (adam_amsgrad_update, adam_bias_corrections, adam_update,
                              sgd_momentum_update, sgd_update)

HYPER_WIDTH = 5     # SGD: lr momentum dampening weight_decay -; Adam: lr beta1 beta2 eps wd


def sgd_param(p: np.ndarray, g: np.ndarray, counters: np.ndarray, k: int,
              hyper: np.ndarray, h: int, maximize: bool) -> None:
    sgd_update(p, g, float(hyper[h]), float(hyper[h + 3]), maximize)
    counters[k] = counters[k] + 1.0


def sgd_momentum_param(p: np.ndarray, g: np.ndarray, buf: np.ndarray, counters: np.ndarray,
                       k: int, hyper: np.ndarray, h: int, nesterov: bool,
                       maximize: bool) -> None:
    # the first update makes the buffer the gradient itself (torch), later ones decay it
    first = bool(counters[k] == 0.0)
    sgd_momentum_update(p, g, buf, float(hyper[h]), float(hyper[h + 1]), float(hyper[h + 2]),
                        float(hyper[h + 3]), nesterov, maximize, first)
    counters[k] = counters[k] + 1.0


def adam_param(p: np.ndarray, g: np.ndarray, m: np.ndarray, v: np.ndarray,
               counters: np.ndarray, k: int, hyper: np.ndarray, h: int, maximize: bool,
               decoupled: bool) -> None:
    step = float(counters[k]) + 1.0
    counters[k] = step
    lr = float(hyper[h])
    beta1 = float(hyper[h + 1])
    beta2 = float(hyper[h + 2])
    eps = float(hyper[h + 3])
    wd = float(hyper[h + 4])
    step_size, bc2_sqrt = adam_bias_corrections(beta1, beta2, step, lr)
    if decoupled:
        # AdamW: p *= 1 - lr * wd, no L2 term (stdlib.optim.adamw_update's arguments)
        adam_update(p, g, m, v, beta1, beta2, eps, 0.0, 1.0 - lr * wd, step_size, bc2_sqrt,
                    maximize)
    else:
        adam_update(p, g, m, v, beta1, beta2, eps, wd, 1.0, step_size, bc2_sqrt, maximize)


def adam_amsgrad_param(p: np.ndarray, g: np.ndarray, m: np.ndarray, v: np.ndarray,
                       vmax: np.ndarray, counters: np.ndarray, k: int, hyper: np.ndarray,
                       h: int, maximize: bool, decoupled: bool) -> None:
    step = float(counters[k]) + 1.0
    counters[k] = step
    lr = float(hyper[h])
    beta1 = float(hyper[h + 1])
    beta2 = float(hyper[h + 2])
    eps = float(hyper[h + 3])
    wd = float(hyper[h + 4])
    step_size, bc2_sqrt = adam_bias_corrections(beta1, beta2, step, lr)
    if decoupled:
        adam_amsgrad_update(p, g, m, v, vmax, beta1, beta2, eps, 0.0, 1.0 - lr * wd,
                            step_size, bc2_sqrt, maximize)
    else:
        adam_amsgrad_update(p, g, m, v, vmax, beta1, beta2, eps, wd, 1.0, step_size,
                            bc2_sqrt, maximize)


def fresh(a: np.ndarray) -> np.ndarray:
    return a.copy()


def restore(dst: np.ndarray, src: np.ndarray) -> None:
    # (a slice assignment: the copy loop's call, which keeps the step's entry glue, left
    # unoptimized; an element loop made LLVM optimize the whole entry: backend/codegen.py)
    df = dst.reshape(-1)
    df[:] = src.reshape(-1)
