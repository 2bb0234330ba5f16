"""Mandelbrot-style float loops with early break."""


def mandelbrot(w: int, h: int, max_iter: int) -> int:
    total = 0
    for x in range(w):
        cr = -2.0 + 3.0 * x / w
        for y in range(h):
            ci = -1.2 + 2.4 * y / h
            zr = 0.0
            zi = 0.0
            i = 0
            while i < max_iter:
                zr2 = zr * zr
                zi2 = zi * zi
                if zr2 + zi2 > 4.0:
                    break
                zi = 2.0 * zr * zi + ci
                zr = zr2 - zi2 + cr
                i += 1
            total += i
    return total


def escape_time(cr: float, ci: float, max_iter: int) -> int:
    zr = 0.0
    zi = 0.0
    for i in range(max_iter):
        if zr * zr + zi * zi > 4.0:
            return i
        zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
    return max_iter


def ascii_row(ci: float, w: int) -> None:
    for x in range(w):
        n = escape_time(-2.0 + 2.5 * x / w, ci, 30)
        if n >= 30:
            print("#", n)
        elif n > 5:
            print("+", n)
        else:
            print(".", n)


# run: mandelbrot(16, 12, 30)
# run: escape_time(0.0, 0.0, 100)
# run: escape_time(0.3, 0.5, 100)
# run: escape_time(2.0, 2.0, 100)
# run: ascii_row(0.1, 12)
