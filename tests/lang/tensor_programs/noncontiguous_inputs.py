"""Arguments that are views: transposed, reversed, strided, sliced 2-D and 3-D arrays, used in
elementwise ops, reductions, matmul, element loops and reshape."""
import numpy as np


def elementwise(x: np.ndarray) -> np.ndarray:
    return x * 2.0 + 1.0


def reductions(x: np.ndarray):
    return x.sum(), x.sum(axis=0), x.max(axis=-1), x.argmax()


def mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def loop_sum(x: np.ndarray) -> float:
    s = 0.0
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            s = s + float(x[i, j])
    return s


def flat(x: np.ndarray) -> np.ndarray:
    return x.reshape(-1)


def first_elems(x: np.ndarray):
    return x[0], x[-1]


# run: elementwise(np.arange(12.0).reshape(3, 4).T)
# run: elementwise(np.arange(10.0)[::-2])
# run: elementwise(np.arange(24, dtype=np.float32).reshape(2, 3, 4)[:, ::2, ::-1])
# run: reductions(np.arange(12.0).reshape(3, 4).T)
# run: reductions(np.arange(20, dtype=np.int32).reshape(4, 5)[1:, ::2])
# run: mm(np.arange(12.0).reshape(3, 4).T, np.arange(6.0).reshape(3, 2))
# run: mm(np.arange(12.0).reshape(4, 3)[::-1], np.arange(9.0).reshape(3, 3)[:, ::-1])
# run: loop_sum(np.arange(12.0).reshape(3, 4).T)
# run: loop_sum(np.arange(30.0).reshape(5, 6)[::2, 1::2])
# run: flat(np.arange(12.0).reshape(3, 4).T)
# run: flat(np.arange(24.0).reshape(4, 6)[::2, ::3])
# run: first_elems(np.arange(10.0)[::-3])
# run: first_elems(np.arange(12, dtype=np.int32).reshape(3, 4)[:, 1])
