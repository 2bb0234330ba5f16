"""A classifier's loss and metrics: cross-entropy by logits[np.arange(n), y], accuracy,
per-class counts and a confusion matrix written with int-array indices."""
import numpy as np


def cross_entropy(logits: np.ndarray, y: np.ndarray):
    z = logits - logits.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return -logp[np.arange(logits.shape[0]), y].mean()


def accuracy(logits: np.ndarray, y: np.ndarray):
    return (np.argmax(logits, axis=1) == y).mean()


def per_class(y: np.ndarray, k: int):
    counts = np.zeros(k, dtype=np.int64)
    for c in range(k):
        counts[c] = (y == c).sum()
    return counts


def confusion(pred: np.ndarray, y: np.ndarray, k: int):
    m = np.zeros((k, k), dtype=np.int64)
    for i in range(y.shape[0]):
        m[y[i], pred[i]] += 1
    return m


def correct_scores(logits: np.ndarray, y: np.ndarray):
    return logits[np.arange(y.shape[0]), y][np.argmax(logits, axis=1) == y]


# run: cross_entropy(np.array([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]]), np.array([0, 1]))
# run: cross_entropy(np.arange(12, dtype=np.float32).reshape(4, 3) / 5, np.array([2, 0, 1, 2]))  # rtol=1e-5
# run: cross_entropy(np.zeros((2, 3)), np.array([0, 3]))
# run: accuracy(np.array([[2.0, 1.0], [0.5, 2.5], [3.0, 0.0]]), np.array([0, 0, 0]))
# run: per_class(np.array([0, 2, 2, 1, 2]), 4)
# run: confusion(np.array([0, 1, 1, 2]), np.array([0, 1, 2, 2]), 3)
# run: correct_scores(np.array([[2.0, 1.0], [0.5, 2.5], [3.0, 0.0]]), np.array([0, 0, 0]))
