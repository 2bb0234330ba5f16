"""One k-means iteration: pairwise squared distances by broadcasting, assignment by argmin,
centroid update with a loop over points."""
import numpy as np


def assign(points: np.ndarray, centers: np.ndarray) -> np.ndarray:
    d = points[:, None, :] - centers[None, :, :]
    return (d * d).sum(axis=-1).argmin(axis=1)


def update(points: np.ndarray, labels: np.ndarray, k: int) -> np.ndarray:
    sums = np.zeros((k, points.shape[1]))
    counts = np.zeros(k)
    for i in range(points.shape[0]):
        c = labels[i]
        sums[c] = sums[c] + points[i]
        counts[c] += 1.0
    return sums / np.maximum(counts, 1.0)[:, None]


def step(points: np.ndarray, centers: np.ndarray):
    labels = assign(points, centers)
    return labels, update(points, labels, centers.shape[0])


# run: assign(np.stack([np.cos(np.arange(10.0)), np.sin(np.arange(10.0))], axis=1), np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0]]))
# run: step(np.stack([np.cos(np.arange(10.0)), np.sin(np.arange(10.0))], axis=1), np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0]]))
# run: step(np.arange(12.0).reshape(6, 2), np.array([[0.0, 0.0], [100.0, 100.0]]))
