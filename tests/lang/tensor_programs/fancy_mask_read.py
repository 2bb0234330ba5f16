"""Boolean-mask reads: x[m] with m of x's shape is the 1-d array of the selected elements in
C order; a mask of the leading axes keeps the rest (k, rest...); views and dtypes too."""
import numpy as np


def select(x: np.ndarray, m: np.ndarray):
    return x[m]


def positives(x: np.ndarray):
    return x[x > 0]


def rows_where(x: np.ndarray, m: np.ndarray):
    return x[m]


def sum_selected(x: np.ndarray, lo: float):
    return x[x >= lo].sum()


def count_selected(x: np.ndarray):
    return len(x[x != 0])


# run: select(np.arange(6.0), np.array([True, False, True, True, False, False]))
# run: select(np.arange(6.0).reshape(2, 3), np.arange(6).reshape(2, 3) % 2 == 0)
# run: select(np.arange(24).reshape(2, 3, 4), np.arange(24).reshape(2, 3, 4) % 5 == 1)
# run: select(np.arange(6, dtype=np.float32), np.zeros(6, dtype=np.bool_))
# run: select(np.arange(6, dtype=np.int32), np.ones(6, dtype=np.bool_))
# run: select(np.arange(12.0).reshape(3, 4)[:, ::-2], np.array([[True, False], [False, True], [True, True]]))
# run: select(np.array([True, False, True]), np.array([True, True, False]))
# run: positives(np.array([-1.0, 2.0, -3.0, 4.0, 0.0]))
# run: positives(np.linspace(-1, 1, 7).reshape(7, 1))
# run: positives(np.zeros((0, 3)))
# run: rows_where(np.arange(12.0).reshape(4, 3), np.array([True, False, False, True]))
# run: rows_where(np.arange(24).reshape(2, 3, 4), np.array([[True, False, True], [False, False, True]]))
# run: rows_where(np.arange(12.0).reshape(4, 3).T, np.array([False, True, True]))
# run: sum_selected(np.arange(10.0), 4.5)
# run: sum_selected(np.arange(10.0).reshape(2, 5), 100.0)
# run: count_selected(np.array([0, 1, 0, 2, 3]))
