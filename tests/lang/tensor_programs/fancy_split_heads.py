"""A transformer's q, k, v by np.split of the projection (sections along the last axis), heads
by reshape, and np.array_split of a batch into chunks processed in a loop."""
import numpy as np


def qkv_scores(x: np.ndarray, W: np.ndarray):
    q, k, v = np.split(x @ W, 3, axis=-1)
    return (q @ k.T) @ v


def chunk_sums(x: np.ndarray, n: int):
    total = np.zeros(x.shape[1])
    count = 0
    for part in np.array_split(x, n):
        total += part.sum(axis=0)
        count += 1
    return total, count


# run: qkv_scores(np.arange(6.0).reshape(2, 3) / 10, np.arange(18.0).reshape(3, 6) / 10)
# run: qkv_scores(np.ones((2, 2)), np.ones((2, 5)))
# run: chunk_sums(np.arange(14.0).reshape(7, 2), 3)
# run: chunk_sums(np.arange(4.0).reshape(2, 2), 5)
