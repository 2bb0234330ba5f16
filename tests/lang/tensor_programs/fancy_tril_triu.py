"""np.tril / np.triu with k= (positive, negative, keyword or positional), of square,
wide, tall and batched matrices, ints and bools keep their dtype (nanoGPT's causal mask)."""
import numpy as np


def lower(x: np.ndarray):
    return np.tril(x)


def upper_k(x: np.ndarray, k: int):
    return np.triu(x, k)


def lower_kw(x: np.ndarray, k: int):
    return np.tril(x, k=k)


def causal_mask(t: int):
    return np.tril(np.ones((t, t))) == 0


def masked_scores(att: np.ndarray):
    t = att.shape[-1]
    mask = np.tril(np.ones((t, t)))
    return np.where(mask == 0, -np.inf, att)


# run: lower(np.arange(9.0).reshape(3, 3))
# run: lower(np.arange(12).reshape(3, 4))
# run: lower(np.arange(12, dtype=np.float32).reshape(4, 3))
# run: lower(np.ones((2, 3, 3), dtype=np.bool_))
# run: upper_k(np.arange(16.0).reshape(4, 4), 1)
# run: upper_k(np.arange(16.0).reshape(4, 4), -2)
# run: upper_k(np.arange(16.0).reshape(4, 4), 9)
# run: lower_kw(np.arange(12.0).reshape(3, 4), -1)
# run: lower_kw(np.arange(12.0).reshape(3, 4), 2)
# run: causal_mask(4)
# run: masked_scores(np.arange(18.0).reshape(2, 3, 3))
