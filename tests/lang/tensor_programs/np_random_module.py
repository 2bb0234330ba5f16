"""numpy's global generator (stdlib/pynprandom.py): np.random.seed, rand, random_sample,
random, randn (with the polar method's kept second value), standard_normal, normal,
uniform, randint (one and two bounds, sizes as ints and tuples, 64-bit ranges), shuffle
(arrays, rows of a 2-D array, lists), permutation, choice (with and without replacement)
give numpy's legacy numbers from the same seed, and its errors."""
import numpy as np
from numpy.random import randn


def uniforms(seed: int, n: int):
    np.random.seed(seed)
    return (np.random.rand(2, n), np.random.rand(), np.random.random_sample((n,)),
            np.random.random(3), np.random.uniform(-2.0, 5.0, (n, 2)), np.random.uniform())


def normals(seed: int, n: int):
    np.random.seed(seed)
    a = randn(n)
    b = np.random.randn(3, n)
    c = np.random.standard_normal((n,))
    d = np.random.normal(1.5, 0.5, n)
    return (a, b, c, d, np.random.randn(), np.random.normal())


def integers(seed: int, n: int):
    np.random.seed(seed)
    a = np.random.randint(0, high=2, size=(n, 3))
    b = np.random.randint(10, size=n)
    c = np.random.randint(-5, 2**40, size=n)
    d = np.random.randint(-100, -3, n)
    return (a, b, c, d, np.random.randint(7), np.random.randint(3, 4))


def dropout(seed: int, n: int) -> np.ndarray:
    """The NumPy MNIST tutorial's dropout mask."""
    np.random.seed(seed)
    layer = np.ones((n, 4))
    mask = np.random.randint(0, high=2, size=layer.shape)
    return layer * mask * 2


def orders(seed: int, n: int):
    np.random.seed(seed)
    a = np.arange(n)
    np.random.shuffle(a)
    m = np.arange(12.0).reshape(4, 3)
    np.random.shuffle(m)
    xs = [i * i for i in range(n)]
    np.random.shuffle(xs)
    return (a, m, xs, np.random.permutation(n), np.random.permutation(np.arange(5.0)))


def choices(seed: int, n: int):
    np.random.seed(seed)
    return (np.random.choice(n, 6), np.random.choice(n, 3, replace=False),
            np.random.choice(n), np.random.choice(np.arange(4.0) * 2.5))


def bad_seed(s: int) -> None:
    np.random.seed(s)


def empty_randint(n: int) -> int:
    return np.random.randint(n, n)


def nonpositive_high(n: int) -> int:
    return np.random.randint(n)


def negative_scale(s: float) -> float:
    return np.random.normal(0.0, s)


# run: uniforms(0, 4)
# run: uniforms(2**32 - 1, 3)
# run: normals(1, 5)
# run: normals(42, 1)
# run: integers(3, 6)
# run: integers(123456, 2)
# run: dropout(1, 5)
# run: orders(7, 10)
# run: orders(8, 1)
# run: choices(9, 10)
# run: bad_seed(-1)
# run: bad_seed(2**32)
# run: empty_randint(3)
# run: nonpositive_high(0)
# run: negative_scale(-1.0)
