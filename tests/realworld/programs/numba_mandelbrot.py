# Source: Numba documentation, examples, "Mandelbrot" (mandel, create_fractal)
#   https://numba.readthedocs.io/en/stable/user/examples.html
#   (numba/numba numba/tests/doc_examples/test_examples.py, ex_mandelbrot)
# Licence: BSD-2-Clause (Numba)
# Changes: the @jit(nopython=True) decorators are dropped; the timing and plotting driver
#   is replaced by the run lines (a smaller image, the same uint8 dtype and 20 iterations).
import numpy as np


def mandel(x, y, max_iters):
    """
    Given the real and imaginary parts of a complex number,
    determine if it is a candidate for membership in the Mandelbrot
    set given a fixed number of iterations.
    """
    i = 0
    c = complex(x,y)
    z = 0.0j
    for i in range(max_iters):
        z = z * z + c
        if (z.real * z.real + z.imag * z.imag) >= 4:
            return i

    return 255


def create_fractal(min_x, max_x, min_y, max_y, image, iters):
    height = image.shape[0]
    width = image.shape[1]

    pixel_size_x = (max_x - min_x) / width
    pixel_size_y = (max_y - min_y) / height
    for x in range(width):
        real = min_x + x * pixel_size_x
        for y in range(height):
            imag = min_y + y * pixel_size_y
            color = mandel(real, imag, iters)
            image[y, x] = color

    return image


# run: create_fractal(-2.0, 1.0, -1.0, 1.0, np.zeros((20, 30), dtype=np.uint8), 20)
# run: mandel(-0.5, 0.5, 20)
