"""np.split / np.array_split by a number of sections or by indices (a list or a tuple),
along axis 0, 1 or -1; the pieces come back as a list of arrays (views, as numpy's);
numpy's ValueError for an unequal division and for sections <= 0."""
import numpy as np


def ends(pieces):
    # (libpts returns no list of arrays: the first and last piece and the count)
    return pieces[0], pieces[len(pieces) - 1], len(pieces)


def halves(x: np.ndarray):
    return ends(np.split(x, 2))


def sections(x: np.ndarray, n: int):
    return ends(np.array_split(x, n))


def columns(x: np.ndarray, n: int):
    return ends(np.array_split(x, n, axis=1))


def at(x: np.ndarray):
    a, b, c = np.split(x, [1, 3], axis=-1)
    return a, b, c


def at_tuple(x: np.ndarray):
    return ends(np.split(x, (2,)))


def qkv(x: np.ndarray, d: int):
    q, k, v = np.split(x, 3, axis=1)
    return q + 2 * k + 3 * v


def sizes(x: np.ndarray, n: int):
    return [p.shape[0] for p in np.array_split(x, n)]


# run: halves(np.arange(6.0))
# run: halves(np.arange(12).reshape(4, 3))
# run: halves(np.arange(5.0))
# run: sections(np.arange(7.0), 3)
# run: sections(np.arange(2.0), 4)
# run: sections(np.arange(7.0), 0)
# run: columns(np.arange(10.0).reshape(2, 5), 2)
# run: at(np.arange(10.0).reshape(2, 5))
# run: at(np.arange(2.0).reshape(1, 2))
# run: at_tuple(np.arange(5))
# run: qkv(np.arange(12.0).reshape(2, 6), 2)
# run: sizes(np.arange(10.0), 4)
