"""Single-head scaled dot-product attention, with and without a causal mask, and batched."""
import math
import numpy as np


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def attention(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    d = q.shape[-1]
    scores = q @ k.T / np.sqrt(d)
    return softmax(scores) @ v


def causal(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    n = q.shape[0]
    scores = q @ k.T / math.sqrt(q.shape[1])
    mask = np.ones((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            mask[i, j] = 0.0
    scores = np.where(mask > 0, scores, -np.inf)
    return softmax(scores) @ v


def batched(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    return softmax(scores) @ v


# run: attention(np.sin(np.arange(12.0)).reshape(3, 4), np.cos(np.arange(20.0)).reshape(5, 4), np.arange(10.0).reshape(5, 2))
# run: attention(np.sin(np.arange(12, dtype=np.float32)).reshape(3, 4), np.cos(np.arange(20, dtype=np.float32)).reshape(5, 4), np.arange(10, dtype=np.float32).reshape(5, 2))  # rtol=1e-4  # atol=1e-5
# run: causal(np.sin(np.arange(16.0)).reshape(4, 4), np.cos(np.arange(16.0)).reshape(4, 4), np.arange(8.0).reshape(4, 2))
# run: batched(np.sin(np.arange(48.0)).reshape(2, 2, 3, 4), np.cos(np.arange(64.0)).reshape(2, 2, 4, 4), np.sin(np.arange(48.0) * 0.3).reshape(2, 2, 4, 3))
