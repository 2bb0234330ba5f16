# Rebinding an attribute to an array the traced code computed (a stateful RNN's h).
# error: 11: stores an array it computed in 'h'
import numpy as np


class Cell:
    def __init__(self):
        self.h = np.zeros(3)
        self.w = np.eye(3)

    def __call__(self, x):
        self.h = np.tanh(x + self.h @ self.w)
        return self.h


TRACE = Cell()
INPUTS = (np.ones(3),)
