"""A 2-D operand against a batched one (`W @ cols` of an im2col convolution, `x @ W` over a
batch of sequences): the gemm's batched entry, which splits the batches over threads.
Left and right operand 2-D, transposed views on either side, batch 1, odd sizes, float32
and float64, four batch axes; and vector @ matrix (a single streamed row of the gemm)."""
import numpy as np


def bmm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def bmm_bt(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ np.swapaxes(b, -1, -2)


def bmm_at(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.swapaxes(a, -1, -2) @ b


def conv_like(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    n = x.shape[0]
    return (w @ x.reshape(n, x.shape[1], -1)).reshape(n, w.shape[0], -1)


# run: bmm(np.sin(np.arange(35.0)).reshape(5, 7), np.cos(np.arange(6.0 * 7 * 9)).reshape(6, 7, 9))
# run: bmm(np.sin(np.arange(35, dtype=np.float32)).reshape(5, 7), np.cos(np.arange(6 * 7 * 9, dtype=np.float32)).reshape(6, 7, 9))
# run: bmm(np.sin(np.arange(6.0 * 9 * 7)).reshape(6, 9, 7), np.cos(np.arange(35.0)).reshape(7, 5))
# run: bmm(np.sin(np.arange(1 * 3 * 7, dtype=np.float32)).reshape(1, 3, 7), np.cos(np.arange(7 * 33, dtype=np.float32)).reshape(7, 33))
# run: bmm(np.sin(np.arange(13.0 * 11)).reshape(13, 11), np.cos(np.arange(1 * 11 * 3.0)).reshape(1, 11, 3))
# run: bmm_bt(np.sin(np.arange(13.0 * 11)).reshape(13, 11), np.cos(np.arange(4 * 17 * 11.0)).reshape(4, 17, 11))
# run: bmm_bt(np.sin(np.arange(5 * 13 * 11, dtype=np.float32)).reshape(5, 13, 11), np.cos(np.arange(17 * 11, dtype=np.float32)).reshape(17, 11))
# run: bmm_at(np.sin(np.arange(11.0 * 13)).reshape(11, 13), np.cos(np.arange(4 * 11 * 17.0)).reshape(4, 11, 17))
# run: bmm_at(np.sin(np.arange(4 * 11 * 13, dtype=np.float32)).reshape(4, 11, 13), np.cos(np.arange(11 * 17, dtype=np.float32)).reshape(11, 17))
# run: bmm(np.sin(np.arange(3 * 2 * 5 * 7.0)).reshape(3, 2, 5, 7), np.cos(np.arange(7 * 6.0)).reshape(7, 6))
# run: bmm(np.sin(np.arange(9 * 7.0)).reshape(9, 7), np.cos(np.arange(2 * 3 * 7 * 5.0)).reshape(2, 3, 7, 5))
# run: conv_like(np.sin(np.arange(8 * 27, dtype=np.float32)).reshape(8, 27), np.cos(np.arange(6 * 27 * 5 * 5, dtype=np.float32)).reshape(6, 27, 5, 5))
# run: conv_like(np.sin(np.arange(16 * 36.0)).reshape(16, 36), np.cos(np.arange(9 * 36 * 7 * 6.0)).reshape(9, 36, 7, 6))
# run: bmm(np.sin(np.arange(7.0)), np.cos(np.arange(7.0 * 19)).reshape(7, 19))
# run: bmm(np.sin(np.arange(300, dtype=np.float32)), np.cos(np.arange(300 * 37, dtype=np.float32)).reshape(300, 37))
# run: bmm(np.sin(np.arange(2 * 300, dtype=np.float32)).reshape(2, 300)[:1], np.cos(np.arange(300 * 37, dtype=np.float32)).reshape(300, 37))
# (enough work to split: by batches (6 >= BATCH_SPLIT), and each of 2 batches by columns)
# run: conv_like(np.sin(np.arange(16 * 144, dtype=np.float32)).reshape(16, 144), np.cos(np.arange(6 * 144 * 16 * 16, dtype=np.float32)).reshape(6, 144, 16, 16))
# run: bmm(np.sin(np.arange(64 * 300.0)).reshape(64, 300), np.cos(np.arange(2 * 300 * 40.0)).reshape(2, 300, 40))
# run: bmm_bt(np.sin(np.arange(5 * 61 * 300.0)).reshape(5, 61, 300), np.cos(np.arange(67 * 300.0)).reshape(67, 300))
