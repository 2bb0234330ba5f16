"""Selecting by score: values above a threshold, the indices of the maximum per row used to
gather another array, zeroing all but each row's maximum with a mask built by indexing."""
import numpy as np


def above(scores: np.ndarray, t: float):
    return scores[scores > t], (scores > t).sum()


def best_labels(scores: np.ndarray, labels: np.ndarray):
    return labels[np.argmax(scores, axis=1)]


def keep_max(scores: np.ndarray):
    n = scores.shape[0]
    keep = np.zeros(scores.shape, dtype=np.bool_)
    keep[np.arange(n), np.argmax(scores, axis=1)] = True
    out = scores.copy()
    out[~keep] = 0.0
    return out


# run: above(np.array([0.1, 0.9, 0.5, 0.7]), 0.6)
# run: best_labels(np.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.4]]), np.array([10, 20]))
# run: keep_max(np.array([[0.1, 0.9, 0.3], [0.8, 0.2, 0.5]]))
