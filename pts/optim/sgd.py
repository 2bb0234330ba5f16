"""pts.optim.SGD: stochastic gradient descent with momentum, dampening, nesterov, weight
decay and maximize, torch.optim.SGD's defaults and update (stdlib/optim.py has the
formulas).  The momentum buffer is created at a parameter's first update with momentum,
as the gradient itself (no dampening), and is the parameter's state "momentum_buffer"."""
from __future__ import annotations

from pts.optim.optimizer import Optimizer, state_zeros
from pts.stdlib import optim as so


def _sgd_eager(p, g, lr, weight_decay, maximize):
    p[...] = so.sgd_step(p, g, lr, weight_decay, maximize)


def _sgd_momentum_eager(p, g, buf, *hyper):
    new_p, new_buf = so.sgd_momentum_step(p, g, buf, *hyper)
    buf[...] = new_buf
    p[...] = new_p


class SGD(Optimizer):
    def __init__(self, params, lr: float = 1e-3, momentum: float = 0, dampening: float = 0,
                 weight_decay: float = 0, nesterov: bool = False, *, maximize: bool = False,
                 backend: str = "native"):
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening,
                        weight_decay=weight_decay, nesterov=nesterov, maximize=maximize)
        super().__init__(params, defaults, backend)

    def check_group(self, group: dict) -> None:
        if group["lr"] < 0.0:
            raise ValueError(f"Invalid learning rate: {group['lr']}")
        if group["momentum"] < 0.0:
            raise ValueError(f"Invalid momentum value: {group['momentum']}")
        if group["weight_decay"] < 0.0:
            raise ValueError(f"Invalid weight_decay value: {group['weight_decay']}")
        if group["nesterov"] and (group["momentum"] <= 0 or group["dampening"] != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")

    def update_group(self, group: dict, items: list) -> None:
        lr, wd = float(group["lr"]), float(group["weight_decay"])
        momentum, dampening = float(group["momentum"]), float(group["dampening"])
        nesterov, maximize = bool(group["nesterov"]), bool(group["maximize"])
        for i, p, g in items:
            if momentum == 0.0:
                self.run("sgd_update", _sgd_eager, p, g, (), lr, wd, maximize)
                continue
            state = self.state.setdefault(i, {})
            buf = state.get("momentum_buffer")
            first = buf is None
            if first:
                buf = state["momentum_buffer"] = state_zeros(p)
            self.run("sgd_momentum_update", _sgd_momentum_eager, p, g, (buf,), lr, momentum,
                     dampening, wd, nesterov, maximize, first)
