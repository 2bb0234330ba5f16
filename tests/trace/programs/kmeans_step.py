"""One k-means step: squared distances to the centroids by broadcasting, the nearest
centroid by argmin, the assignment one-hot, new centroids as means (empty clusters keep
their old centroid through np.where)."""
import numpy as np

rng = np.random.default_rng(125)


def kmeans_step(x, centroids):
    d2 = ((x[:, None, :] - centroids[None, :, :]) ** 2).sum(axis=-1)
    assign = d2.argmin(axis=1)
    onehot = (assign[:, None] == np.arange(centroids.shape[0])).astype(x.dtype)
    counts = onehot.sum(axis=0)
    sums = onehot.T @ x
    new = np.where(counts[:, None] > 0, sums / np.maximum(counts, 1)[:, None], centroids)
    return new, assign, d2.min(axis=1).sum()


TRACE = kmeans_step
INPUTS = [(rng.standard_normal((20, 2)), rng.standard_normal((3, 2))),
          (rng.standard_normal((1, 2)), rng.standard_normal((4, 2))),
          (rng.standard_normal((57, 2)), rng.standard_normal((5, 2)))]
