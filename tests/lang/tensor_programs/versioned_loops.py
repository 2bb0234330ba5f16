"""Element loops that ir.passes.version_loops runs in an unchecked copy when one test before
the loop shows every index in range (SciMark FFT's butterflies, whose sizes come from an int
argument), and in the checked original otherwise: an index that numpy would refuse still
raises numpy's IndexError at the same iteration, with the array changed as far as numpy
had changed it, and numpy's wraparound of negative indices still holds.  Strided views
(x[::2], a transpose) are arguments too: the unchecked copy also assumes a stride of 1 on
the last axis, so they take the checked original, with the same results and errors."""
import numpy as np


def butterfly(data: np.ndarray, n: int, dual: int) -> np.ndarray:
    # SciMark FFT's first butterfly loop: a run-time step, indices 2*b and 2*(b + dual) (+1)
    for b in range(0, n, 2 * dual):
        i = 2 * b
        j = 2 * (b + dual)
        wd_real = data[j]
        wd_imag = data[j + 1]
        data[j] = data[i] - wd_real
        data[j + 1] = data[i + 1] - wd_imag
        data[i] += wd_real
        data[i + 1] += wd_imag
    return data


def strided_sum(x: np.ndarray, start: int, stop: int, step: int) -> float:
    # a run-time step of either sign: counting down takes the checked loop
    t = 0.0
    for i in range(start, stop, step):
        t += x[i] * x[start]
    return float(t)


def every_other_down(x: np.ndarray, n: int) -> float:
    # a constant negative step
    t = 0.0
    for i in range(n, 0, -2):
        t = t + x[i - 1]
    return float(t)


def behind(x: np.ndarray, n: int, k: int) -> np.ndarray:
    # x[i - k] is negative for i < k: numpy's wraparound, so the checked loop runs
    out = np.zeros(n)
    for i in range(n):
        out[i] = x[i - k]
    return out


def until_negative(x: np.ndarray, n: int) -> int:
    # a break: the test asks about every iteration up to n, the loop may stop before
    count = 0
    for i in range(n):
        if x[i] < 0:
            break
        count += 1
    return count


def rows_of(A: np.ndarray, r: int, n: int) -> float:
    # an index that does not change in the loop (r) is tested once too
    t = 0.0
    for i in range(1, n):
        t += A[r, i] - A[r, i - 1]
    return float(t)


# run: butterfly(np.arange(16.0), 8, 1)
# run: butterfly(np.arange(16.0), 8, 2)
# run: butterfly(np.arange(16.0), 8, 4)
# run: butterfly(np.arange(16.0), 9, 1)
# run: butterfly(np.arange(16.0), 0, 1)
# run: butterfly(np.arange(16.0), 8, 0)
# run: strided_sum(np.arange(10.0), 1, 10, 3)
# run: strided_sum(np.arange(10.0), 9, 0, -2)
# run: strided_sum(np.arange(10.0), 1, 12, 3)
# run: strided_sum(np.arange(10.0), 9, -3, -4)
# run: every_other_down(np.arange(6.0), 6)
# run: every_other_down(np.arange(6.0), 7)
# run: behind(np.arange(5.0), 5, 2)
# run: behind(np.arange(5.0), 5, 0)
# run: behind(np.arange(5.0), 5, 6)
# run: until_negative(np.array([1.0, 2.0, -1.0]), 10)
# run: until_negative(np.array([1.0, 2.0, 3.0]), 4)
# run: rows_of(np.arange(12.0).reshape(3, 4) ** 2, 2, 4)
# run: rows_of(np.arange(12.0).reshape(3, 4), 3, 4)
# run: rows_of(np.arange(12.0).reshape(3, 4), -1, 4)
# run: rows_of(np.arange(12.0).reshape(3, 4), 0, 5)
# run: butterfly(np.arange(32.0)[::2], 8, 2)
# run: butterfly(np.arange(32.0)[::2], 9, 1)
# run: strided_sum(np.arange(20.0)[::2], 1, 10, 3)
# run: every_other_down(np.arange(12.0)[::-2], 6)
# run: behind(np.arange(10.0)[1::2], 5, 6)
# run: rows_of((np.arange(12.0).reshape(4, 3) ** 2).T, 2, 4)
# run: rows_of(np.arange(12.0).reshape(4, 3).T, 3, 4)
