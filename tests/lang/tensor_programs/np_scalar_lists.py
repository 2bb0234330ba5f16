"""Numpy scalars in lists and strings, as the NumPy MNIST tutorial's loop keeps them: a
loss that starts as 0.0 and accumulates np.sum(...) is an np.float64 (after a loop that
runs at least once: pts gives a variable one type, docs/language.md), the list it is appended to holds np.float64 values (and
returns them to Python as such), np.argmax results and float32 sums likewise; str() and
f-strings of a numpy scalar are its Python number's."""
import numpy as np


def losses(x: np.ndarray, epochs: int):
    store = []
    counts = []
    for j in range(epochs):
        loss = 0.0
        hits = 0
        for i in range(x.shape[0]):
            loss += np.sum((x[i] - j) ** 2)
            hits += int(np.argmax(x[i]) == j)
        store.append(loss)
        counts.append(hits)
    return store, counts


def argmaxes(x: np.ndarray) -> list:
    out = []
    for row in x:
        out.append(np.argmax(row))
    return out


def float32_sums(x: np.ndarray) -> list:
    out = []
    for i in range(x.shape[0]):
        out.append(x[i].sum())
    return out


def report(x: np.ndarray) -> str:
    loss = np.sum(x ** 2)
    best = np.argmax(x)
    return "loss " + str(loss)[0:5] + " at " + str(best) + f" ({loss})" + str(x[0] > 0)


# run: losses(np.arange(12.0).reshape(4, 3) / 7, 3)
# run: losses(np.ones((1, 2)), 2)
# run: argmaxes(np.array([[1.0, 3.0], [5.0, 2.0], [0.0, 0.0]]))
# run: float32_sums(np.arange(6, dtype=np.float32).reshape(3, 2) / 3)
# run: report(np.linspace(-1.0, 2.0, 7))
