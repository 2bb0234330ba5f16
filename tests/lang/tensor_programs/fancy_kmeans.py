"""k-means as numpy programs write it: labels by argmin of distances, centroids by boolean
masks (X[labels == c].mean(axis=0)), an empty cluster kept where it was."""
import numpy as np


def assign(X: np.ndarray, C: np.ndarray):
    d = ((X[:, None, :] - C[None, :, :]) ** 2).sum(axis=2)
    return np.argmin(d, axis=1)


def update(X: np.ndarray, labels: np.ndarray, C: np.ndarray):
    out = C.copy()
    for c in range(C.shape[0]):
        members = X[labels == c]
        if members.shape[0] > 0:
            out[c] = members.mean(axis=0)
    return out


def kmeans(X: np.ndarray, C: np.ndarray, steps: int):
    for _ in range(steps):
        C = update(X, assign(X, C), C)
    return C, assign(X, C)


# run: assign(np.array([[0.0, 0.0], [1.0, 1.0], [9.0, 9.0], [10.0, 8.0]]), np.array([[0.0, 1.0], [9.0, 9.0]]))
# run: update(np.array([[0.0, 0.0], [1.0, 1.0], [9.0, 9.0], [10.0, 8.0]]), np.array([0, 0, 1, 1]), np.zeros((3, 2)))
# run: kmeans(np.array([[0.0, 0.0], [1.0, 1.0], [9.0, 9.0], [10.0, 8.0], [0.5, 0.0]]), np.array([[0.0, 1.0], [10.0, 10.0]]), 3)
# run: kmeans(np.linspace(0, 1, 24).reshape(12, 2), np.array([[0.0, 0.0], [1.0, 1.0], [5.0, 5.0]]), 2)
