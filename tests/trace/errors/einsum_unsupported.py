# np.einsum: not in pts's op table (write it with matmul / transpose / sum).
# error: 7: np.einsum is not supported by pts
import numpy as np


def attention_scores(q, k):
    return np.einsum("btd,bsd->bts", q, k) / np.sqrt(q.shape[-1])


TRACE = attention_scores
INPUTS = (np.ones((1, 2, 4)), np.ones((1, 3, 4)))
