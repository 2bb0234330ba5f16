"""pts.optim.Adam and AdamW: torch.optim.Adam/AdamW's defaults and update (stdlib/optim.py
has the formulas): bias-corrected moments, eps added after sqrt(v) / sqrt(1 - beta2**t),
L2 weight decay for Adam, the decoupled decay p *= 1 - lr * wd for AdamW, amsgrad and
maximize.  A parameter's state, made at its first update: "step" (a float, as torch's
step tensor), "exp_avg", "exp_avg_sq" and, with amsgrad, "max_exp_avg_sq"."""
from __future__ import annotations

import numpy as np

from pts.optim.optimizer import Optimizer, state_zeros
from pts.stdlib import optim as so


def _adam_eager(p, g, m, v, beta1, beta2, eps, weight_decay, decay, step_size, bc2_sqrt,
                maximize, vmax=None):
    new_p, new_m, new_v = so.adam_moments(p, g, m, v, beta1, beta2, weight_decay, decay,
                                          maximize)
    m[...] = new_m
    v[...] = new_v
    if vmax is not None:
        vmax[...] = np.maximum(vmax, new_v)
        new_v = vmax
    p[...] = so.adam_finish(new_p, new_m, new_v, eps, step_size, bc2_sqrt)


def _adam_amsgrad_eager(p, g, m, v, vmax, *hyper):
    _adam_eager(p, g, m, v, *hyper, vmax=vmax)


def _adamw_eager(p, g, m, v, lr, beta1, beta2, eps, weight_decay, step_size, bc2_sqrt,
                 maximize):
    _adam_eager(p, g, m, v, beta1, beta2, eps, 0.0, 1.0 - lr * weight_decay, step_size,
                bc2_sqrt, maximize)


class Adam(Optimizer):
    decoupled = False       # AdamW: weight decay as p *= 1 - lr * wd, not as an L2 gradient

    def __init__(self, params, lr: float = 1e-3, betas: tuple = (0.9, 0.999),
                 eps: float = 1e-8, weight_decay: float = 0, amsgrad: bool = False, *,
                 maximize: bool = False, backend: str = "native"):
        defaults = dict(lr=lr, betas=tuple(betas), eps=eps, weight_decay=weight_decay,
                        amsgrad=amsgrad, maximize=maximize)
        super().__init__(params, defaults, backend)

    def check_group(self, group: dict) -> None:
        if group["lr"] < 0.0:
            raise ValueError(f"Invalid learning rate: {group['lr']}")
        if group["eps"] < 0.0:
            raise ValueError(f"Invalid epsilon value: {group['eps']}")
        betas = group["betas"]
        if len(betas) != 2:
            raise ValueError(f"betas must be a pair, got {betas!r}")
        group["betas"] = betas = tuple(betas)
        for k in (0, 1):
            if not 0.0 <= betas[k] < 1.0:
                raise ValueError(f"Invalid beta parameter at index {k}: {betas[k]}")
        if group["weight_decay"] < 0.0:
            raise ValueError(f"Invalid weight_decay value: {group['weight_decay']}")

    def update_group(self, group: dict, items: list) -> None:
        lr, eps, wd = float(group["lr"]), float(group["eps"]), float(group["weight_decay"])
        beta1, beta2 = float(group["betas"][0]), float(group["betas"][1])
        amsgrad, maximize = bool(group["amsgrad"]), bool(group["maximize"])
        for i, p, g in items:
            state = self.state.get(i)
            if not state:
                state = self.state[i] = {"step": 0.0, "exp_avg": state_zeros(p),
                                         "exp_avg_sq": state_zeros(p)}
            if amsgrad and "max_exp_avg_sq" not in state:
                state["max_exp_avg_sq"] = state_zeros(p)
            state["step"] = step = float(state["step"]) + 1.0
            step_size, bc2_sqrt = so.adam_bias_corrections(beta1, beta2, step, lr)
            moments = (state["exp_avg"], state["exp_avg_sq"])
            if self.decoupled and not amsgrad:
                self.run("adamw_update", _adamw_eager, p, g, moments, lr, beta1, beta2, eps,
                         wd, step_size, bc2_sqrt, maximize)
                continue
            # Adam: L2 term wd, no decay; AdamW (with amsgrad): decay 1 - lr * wd, no L2
            l2, decay = (0.0, 1.0 - lr * wd) if self.decoupled else (wd, 1.0)
            if amsgrad:
                self.run("adam_amsgrad_update", _adam_amsgrad_eager, p, g,
                         moments + (state["max_exp_avg_sq"],), beta1, beta2, eps, l2, decay,
                         step_size, bc2_sqrt, maximize)
            else:
                self.run("adam_update", _adam_eager, p, g, moments, beta1, beta2, eps, l2,
                         decay, step_size, bc2_sqrt, maximize)


class AdamW(Adam):
    decoupled = True

    def __init__(self, params, lr: float = 1e-3, betas: tuple = (0.9, 0.999),
                 eps: float = 1e-8, weight_decay: float = 1e-2, amsgrad: bool = False, *,
                 maximize: bool = False, backend: str = "native"):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize,
                         backend=backend)
