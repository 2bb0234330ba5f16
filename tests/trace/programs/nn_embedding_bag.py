"""pts.nn.Embedding (an int-array gather of its weight) mean-pooled, then a Linear:
token ids of any batch and length."""
import numpy as np

import pts
import pts.nn as nn

rng = np.random.default_rng(214)
pts.manual_seed(214)


class Bag(nn.Module):
    def __init__(self, vocab, d, classes):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.fc = nn.Linear(d, classes)

    def forward(self, ids):
        return self.fc(self.emb(ids).mean(axis=1))


TRACE = Bag(20, 4, 3)
INPUTS = [(rng.integers(0, 20, (3, 5)),),
          (rng.integers(0, 20, (1, 1)),),
          (rng.integers(0, 20, (6, 9)),)]
