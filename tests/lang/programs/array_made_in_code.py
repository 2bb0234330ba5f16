"""`array.array` made in scripted code (the Benchmarks Game's spectralnorm, pyperformance
raytrace's Canvas): a list of the typecode's Python type, built as CPython builds the
array ('d' makes floats of ints), indexed, stored into, repeated, summed and zipped."""
import array
from array import array as arr


def spectral(n: int) -> float:
    u = arr("d", [1]) * n
    v = arr("d", [1]) * n
    for i in range(n):
        v[i] = u[i] / (i + 1)
    s = 0.0
    for a, b in zip(u, v):
        s += a * b
    return s


def canvas(w: int, h: int) -> int:
    data = array.array('B', [0] * (w * h * 3))
    for i in range(w * h):
        data[i * 3 + 2] = 255
    data[1] = max(0, min(255, int(0.5 * 255)))
    return sum(data) + len(data)


def shown(n: int) -> str:
    xs = arr('q', range(n))
    empty = arr('d')
    empty.append(2)
    return str(list(xs)) + " " + str(empty[0]) + " " + str(len(empty))


# run: spectral(5)
# run: canvas(3, 2)
# run: shown(4)
