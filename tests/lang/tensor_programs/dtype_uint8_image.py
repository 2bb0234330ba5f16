"""uint8 images: pixels written from Python ints (numpy 2's OverflowError past 255) and
numpy scalars,
inversion, thresholds, brightness through a wider dtype and back, row and column sums."""
import numpy as np


def draw_box(image: np.ndarray, y0: int, x0: int, y1: int, x1: int, color: int):
    for y in range(y0, y1):
        for x in range(x0, x1):
            image[y, x] = color
    return image


def invert(image: np.ndarray):
    return 255 - image


def threshold(image: np.ndarray, level: int):
    out = np.zeros(image.shape, dtype=np.uint8)
    out[image > level] = 255
    return out


def brighten(image: np.ndarray, amount: int):
    wide = image.astype(np.int16) + amount
    return np.clip(wide, 0, 255).astype(np.uint8)


def wrapped_add(image: np.ndarray, amount: int):
    return image + amount                      # uint8 stays uint8 and wraps (NEP 50)


def profile(image: np.ndarray):
    return image.sum(axis=0), image.sum(axis=1), image.max(), image.min(), image.mean()


# run: draw_box(np.zeros((4, 5), dtype=np.uint8), 1, 1, 3, 4, 200)
# run: draw_box(np.zeros((4, 5), dtype=np.uint8), 1, 1, 3, 4, 256)
# run: draw_box(np.zeros((4, 5), dtype=np.uint8), 0, 0, 1, 1, -1)
# run: invert(np.arange(0, 250, 10, dtype=np.uint8).reshape(5, 5))
# run: threshold(np.arange(0, 250, 10, dtype=np.uint8).reshape(5, 5), 120)
# run: brighten(np.arange(0, 250, 10, dtype=np.uint8).reshape(5, 5), 60)
# run: brighten(np.arange(0, 250, 10, dtype=np.uint8).reshape(5, 5), -100)
# run: wrapped_add(np.arange(0, 250, 10, dtype=np.uint8), 100)
# run: wrapped_add(np.arange(0, 250, 10, dtype=np.uint8), 300)
# run: profile(np.arange(0, 250, 10, dtype=np.uint8).reshape(5, 5))


def store(image: np.ndarray, i, v):
    """numpy packs Python numbers through a Python int (out of range: OverflowError) and
    casts its own scalars into an unsigned array, but checks them into a signed one."""
    image[i] = v
    return image


def store_float64(image: np.ndarray, v: float):
    image[0] = np.float64(v)          # (an np.float64 argument would arrive as a float)
    return image


# run: store_float64(np.zeros(3, dtype=np.uint8), 300.0)
# run: store_float64(np.zeros(3, dtype=np.uint8), -1.0)
# run: store_float64(np.zeros(3, dtype=np.uint16), 70000.0)
# run: store_float64(np.zeros(3, dtype=np.int16), 70000.0)
# run: store(np.zeros(3, dtype=np.uint8), 0, 300.0)
# run: store(np.zeros(3, dtype=np.uint8), 0, np.int64(300))
# run: store(np.zeros(3, dtype=np.int8), 0, np.int64(300))
# run: store(np.zeros(3, dtype=np.int8), 0, np.float32(-1.0))
# run: store(np.zeros(3, dtype=np.uint8), np.array([0, 2]), np.int64(300))
