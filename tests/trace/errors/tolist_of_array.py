# .tolist() of a traced value inside a model's method.
# error: 9: .tolist() of a traced array
import numpy as np


class Model:
    def __call__(self, x):
        h = np.tanh(x)
        names = [f"{v:.2f}" for v in h.tolist()]
        return h, names


TRACE = Model()
INPUTS = (np.ones(3),)
