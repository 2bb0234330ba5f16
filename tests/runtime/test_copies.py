"""The module's copy loops (backend/tensor_copies.py `copier`) against numpy, bit for bit:
rows with unit strides on both sides copied as vectors (`row_copy`: rows shorter than, equal
to and longer than a vector, the last vector overlapping), copies that read across the
source's rows in tiles (`transposing`, `tiled_loop`: transposes, NCHW <-> NHWC, tile edges,
strided views), dtype conversions (the element loop) and 0-d arrays."""
from __future__ import annotations

import numpy as np
import pytest

import pts

pytestmark = pytest.mark.filterwarnings("ignore")

DTYPES = [np.float32, np.float64, np.int64, np.int32, np.bool_]


def data(shape, dt, seed=0):
    r = np.random.default_rng(seed).standard_normal(shape)
    return (r > 0) if dt == np.bool_ else (r * 100).astype(dt)


def transposed(x: np.ndarray) -> np.ndarray:
    return x.T.copy()


def to_channels_last(x: np.ndarray) -> np.ndarray:
    return x.transpose(0, 2, 3, 1).copy()


def flatten_nchw_of_nhwc(x: np.ndarray) -> np.ndarray:
    return x.transpose(0, 3, 1, 2).reshape(x.shape[0], -1)


def assign_rows(dst: np.ndarray, src: np.ndarray) -> np.ndarray:
    dst[:, 1:1 + src.shape[1], :] = src
    return dst


def assign_transposed(dst: np.ndarray, src: np.ndarray) -> np.ndarray:
    dst[1:, :] = src.T
    return dst


def converted(x: np.ndarray) -> np.ndarray:
    return x.T.astype(np.float64)


def same(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", [(5, 7), (17, 33), (16, 16), (1, 40), (40, 1), (100, 3),
                                   (3, 100), (0, 5), (64, 65)])
def test_transposes(shape, dt):
    x = data(shape, dt)
    same(pts.script(transposed)(x), x.T.copy())


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.bool_], ids=lambda d: np.dtype(d).name)
def test_layouts_nchw_nhwc(dt):
    f, g = pts.script(to_channels_last), pts.script(flatten_nchw_of_nhwc)
    for shape in [(2, 3, 5, 7), (3, 17, 9, 4), (1, 1, 30, 2), (2, 64, 3, 3)]:
        x = data(shape, dt)
        same(f(x), x.transpose(0, 2, 3, 1).copy())
        same(g(x), x.transpose(0, 3, 1, 2).reshape(shape[0], -1))
    x = data((3, 9, 11, 17), dt)[:, ::2, :, ::3]        # strided: no unit axis in the source
    same(g(x), x.transpose(0, 3, 1, 2).reshape(3, -1))
    x = data((3, 9, 11, 17), dt)[:, 1:8, 2:, 1:]        # sliced, unit axis kept
    same(g(x), x.transpose(0, 3, 1, 2).reshape(3, -1))


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", [1, 3, 4, 7, 8, 9, 28, 31, 32, 33, 70])
def test_rows_of_every_length(n, dt):
    src = data((4, 3, n), dt)
    dst = data((4, 5, n), dt, seed=1)
    want = dst.copy()
    want[:, 1:4, :] = src
    same(pts.script(assign_rows)(dst.copy(), src), want)
    src = data((4, 3, 2 * n), dt)[:, :, ::2]            # strided rows: the element loop
    want[:, 1:4, :] = src
    same(pts.script(assign_rows)(dst.copy(), src), want)


def test_assignments_and_conversions():
    src = data((6, 9), np.float32)
    dst = data((10, 6), np.float32, seed=1)
    want = dst.copy()
    want[1:, :] = src.T
    same(pts.script(assign_transposed)(dst.copy(), src), want)
    x = data((33, 17), np.float32)
    same(pts.script(converted)(x), x.T.astype(np.float64))
    same(pts.script(transposed)(np.array(3.5)), np.array(3.5).T.copy())
