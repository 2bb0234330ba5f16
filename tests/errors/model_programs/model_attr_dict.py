# Refused: a model attribute of a type pts cannot fold (a dict): the message names the
# attribute, its object and its type.
# call: f(np.ones(3))
# error: 16: attribute 'vocab' of 'WithVocab' object (self) is a value of type dict
import numpy as np

import pts.nn as nn


class WithVocab(nn.Module):
    def __init__(self):
        super().__init__()
        self.vocab = {"a": 1.0}

    def forward(self, x):
        return x * self.vocab["a"]


f = WithVocab()
