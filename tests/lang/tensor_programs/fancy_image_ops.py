"""Image-style array code: zero padding for a convolution, flips for augmentation, a
threshold mask, a crop by index arrays, rolling a row."""
import numpy as np


def conv_same(img: np.ndarray, k: np.ndarray):
    p = np.pad(img, 1)
    out = np.zeros(img.shape)
    for i in range(img.shape[0]):
        for j in range(img.shape[1]):
            out[i, j] = (p[i:i + 3, j:j + 3] * k).sum()
    return out


def augment(img: np.ndarray, flip: bool):
    if flip:
        return np.flip(img, axis=1)
    return img.copy()


def threshold(img: np.ndarray, t: float):
    out = np.zeros(img.shape, dtype=np.int64)
    out[img > t] = 255
    return out


def crop_rows(img: np.ndarray, rows: np.ndarray):
    return img[rows][:, 1:-1]


def shift_right(img: np.ndarray, s: int):
    return np.roll(img, s, axis=1)


# run: conv_same(np.arange(16.0).reshape(4, 4), np.ones((3, 3)) / 9)
# run: augment(np.arange(6.0).reshape(2, 3), True)
# run: augment(np.arange(6.0).reshape(2, 3), False)
# run: threshold(np.arange(9.0).reshape(3, 3), 4.0)
# run: crop_rows(np.arange(16.0).reshape(4, 4), np.array([3, 0]))
# run: shift_right(np.arange(8).reshape(2, 4), 3)
