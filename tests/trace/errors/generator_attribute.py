# A Generator held by the traced object, drawn from in __call__.
# error: 12: Generator.random() of a numpy random generator while tracing
import numpy as np


class Noisy:
    def __init__(self):
        self.rng = np.random.default_rng(1)
        self.w = np.ones(3)

    def __call__(self, x):
        keep = self.rng.random(x.shape) > 0.5
        return np.where(keep, x * self.w, 0.0)


TRACE = Noisy()
INPUTS = (np.ones((2, 3)),)
