# Refused: compiled code calling a method marked @pts.ignore (it stays Python; pts has no
# call back into Python): the message names the method and says what to do.
# call: f(np.ones(3))
# error: 14: method 'Logs.log' is marked @pts.ignore
import numpy as np

import pts
import pts.nn as nn


class Logs(nn.Module):
    def forward(self, x):
        y = x * 2.0
        self.log(y)
        return y

    @pts.ignore
    def log(self, y):
        print(y)


f = Logs()
