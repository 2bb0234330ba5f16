# A Python decision on a weight's values: weights are live arrays, not constants.
# error: 12: the truth value of a traced array
import numpy as np


class Scaled:
    def __init__(self):
        self.scale = np.array([2.0])

    def __call__(self, x):
        y = x * 3.0
        if self.scale[0] > 1.0:
            return y * self.scale
        return y


TRACE = Scaled()
INPUTS = (np.ones(3),)
