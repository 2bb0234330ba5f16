# Source: PyTorch tutorials, "NLP From Scratch: Classifying Names with a Character-Level
#   RNN", the network `RNN` (the version with i2h / h2h / h2o layers)
#   https://pytorch.org/tutorials/intermediate/char_rnn_classification_tutorial.html
#   (pytorch/tutorials intermediate_source/char_rnn_classification_tutorial.py)
# Licence: BSD-3-Clause (pytorch/tutorials)
# Changes: the imports (`torch.nn` -> `pts.nn`, `torch.nn.functional` ->
#   `pts.nn.functional`, `torch` -> `numpy as np` and `pts`); `torch.zeros` ->
#   `pts.zeros`; `F.tanh` kept (pts.nn.functional has it); a `pts.manual_seed(0)`; the
#   name data, the letter encoding and the training loop are left out: the run lines
#   pass one-hot sequences (seq, 1, n_letters).
import numpy as np
import pts
import pts.nn as nn
import pts.nn.functional as F

n_letters = 57
n_categories = 18


class RNN(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super(RNN, self).__init__()

        self.hidden_size = hidden_size

        self.i2h = nn.Linear(input_size, hidden_size)
        self.h2h = nn.Linear(hidden_size, hidden_size)
        self.h2o = nn.Linear(hidden_size, output_size)
        self.softmax = nn.LogSoftmax(dim=1)

    def forward(self, input, hidden):
        hidden = F.tanh(self.i2h(input) + self.h2h(hidden))
        output = self.h2o(hidden)
        output = self.softmax(output)
        return output, hidden

    def initHidden(self):
        return pts.zeros(1, self.hidden_size)


pts.manual_seed(0)
n_hidden = 128
rnn = RNN(n_letters, n_hidden, n_categories)

# run: rnn(np.eye(57, dtype=np.float32)[3:4], np.zeros((1, 128), np.float32))  # rtol=1e-4  # atol=1e-5
# run: rnn(np.eye(57, dtype=np.float32)[10:11], np.full((1, 128), 0.1, np.float32))  # rtol=1e-4  # atol=1e-5
