"""Cross-entropy with integer labels: log_softmax, then pick logp[i, label[i]] in a loop;
accuracy from argmax."""
import numpy as np


def log_softmax(x: np.ndarray) -> np.ndarray:
    s = x - x.max(axis=1, keepdims=True)
    return s - np.log(np.exp(s).sum(axis=1, keepdims=True))


def cross_entropy(logits: np.ndarray, labels: np.ndarray) -> float:
    lp = log_softmax(logits)
    total = 0.0
    for i in range(labels.shape[0]):
        total -= float(lp[i, labels[i]])
    return total / labels.shape[0]


def accuracy(logits: np.ndarray, labels: np.ndarray):
    return (logits.argmax(axis=1) == labels).mean()


def one_hot(labels: np.ndarray, k: int) -> np.ndarray:
    out = np.zeros((labels.shape[0], k), dtype=np.float32)
    for i in range(labels.shape[0]):
        out[i, labels[i]] = 1.0
    return out


# run: cross_entropy(np.sin(np.arange(20.0)).reshape(5, 4), np.array([0, 1, 2, 3, 0]))
# run: cross_entropy(np.sin(np.arange(20, dtype=np.float32)).reshape(5, 4), np.array([3, 2, 1, 0, 3], dtype=np.int32))  # rtol=1e-6
# run: cross_entropy(np.sin(np.arange(20.0)).reshape(5, 4), np.array([0, 1, 2, 4, 0]))
# run: accuracy(np.sin(np.arange(20.0)).reshape(5, 4), np.array([0, 1, 2, 3, 0]))
# run: one_hot(np.array([2, 0, 1, 2]), 3)
