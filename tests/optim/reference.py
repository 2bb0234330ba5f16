"""Float64 references of torch.optim's algorithms for tests/optim, written from torch's
documentation (the algorithm boxes of torch.optim.SGD, Adam and AdamW), independently of
pts.optim and stdlib/optim.py: plain numpy over whole arrays, the textbook formulas
(m = beta1 * m + (1 - beta1) * g rather than torch's lerp, v_hat = v / (1 - beta2**t)
under one square root), so agreement to ~1e-12 checks the formulas, not a shared rounding.

`maximize` negates the gradient before weight decay, as torch's code does (the
documentation's box applies it at the end, which flips the sign of the decay term: the
code is what torch runs)."""
import numpy as np


class SGDRef:
    def __init__(self, params, lr, momentum=0.0, dampening=0.0, weight_decay=0.0,
                 nesterov=False, maximize=False):
        self.params = [np.array(p, dtype=np.float64) for p in params]
        self.lr, self.momentum, self.dampening = lr, momentum, dampening
        self.weight_decay, self.nesterov, self.maximize = weight_decay, nesterov, maximize
        self.bufs = [None] * len(self.params)

    def step(self, grads):
        for k, (theta, g) in enumerate(zip(self.params, grads)):
            g = np.array(g, dtype=np.float64)
            if self.maximize:
                g = -g
            if self.weight_decay:
                g = g + self.weight_decay * theta
            if self.momentum:
                if self.bufs[k] is None:
                    self.bufs[k] = g.copy()
                else:
                    self.bufs[k] = self.momentum * self.bufs[k] + (1 - self.dampening) * g
                g = g + self.momentum * self.bufs[k] if self.nesterov else self.bufs[k]
            self.params[k] = theta - self.lr * g


class AdamRef:
    def __init__(self, params, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 amsgrad=False, maximize=False, decoupled=False):
        self.params = [np.array(p, dtype=np.float64) for p in params]
        self.lr, self.betas, self.eps = lr, betas, eps
        self.weight_decay, self.amsgrad, self.maximize = weight_decay, amsgrad, maximize
        self.decoupled = decoupled
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.vmax = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def step(self, grads):
        self.t += 1
        b1, b2 = self.betas
        for k, (theta, g) in enumerate(zip(self.params, grads)):
            g = np.array(g, dtype=np.float64)
            if self.maximize:
                g = -g
            if self.decoupled:
                theta = theta - self.lr * self.weight_decay * theta
            elif self.weight_decay:
                g = g + self.weight_decay * theta
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat = self.m[k] / (1 - b1 ** self.t)
            if self.amsgrad:
                self.vmax[k] = np.maximum(self.vmax[k], self.v[k])
                v_hat = self.vmax[k] / (1 - b2 ** self.t)
            else:
                v_hat = self.v[k] / (1 - b2 ** self.t)
            self.params[k] = theta - self.lr * m_hat / (np.sqrt(v_hat) + self.eps)


def make_problem(dtype, seed=0, shapes=((5,), (3, 4), (2, 3, 4), ())):
    """Initial parameters and a gradient function: the gradient of a quadratic
    0.5 * sum(c * (p - target)**2) at the current parameters plus a random term (fixed by
    the step number), so the parameters feed back into the gradients."""
    rng = np.random.default_rng(seed)
    params = [rng.standard_normal(s).astype(dtype) for s in shapes]
    targets = [rng.standard_normal(s) for s in shapes]
    scales = [rng.uniform(0.5, 2.0, s) for s in shapes]

    def grads(params, step):
        noise = np.random.default_rng(1000 + step)
        return [(c * (p - t) + noise.standard_normal(p.shape)).astype(p.dtype)
                for p, t, c in zip(params, targets, scales)]
    return params, grads
