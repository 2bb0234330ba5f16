"""Lists of complex numbers (`List[complex]`): displays, append/insert, indexing, slices,
comprehensions, sum (with a start), ==, in, index/count, sort by a key, str/repr/f-strings
of the list, and lists passed in from Python and returned to it."""
from typing import List


def build(n: int) -> complex:
    zs = [1 + 2j, 3j]
    zs.append(complex(n, 1))
    s = sum(zs)
    return s + zs[1] * zs[-1]


def scale(zs: List[complex], k: int):
    zs.append(1j * k)
    out = [z * 2 for z in zs]
    return out, len(zs), zs[0].real, sum(zs, 1.5)


def text(n: int) -> str:
    zs = [complex(i, -i) for i in range(n)]
    return f"{zs} {str(zs)} {repr(zs[1:])} {zs == [0j]} {(1-1j) in zs} {zs[:1] == [0j]}"


def methods(n: int):
    zs = [complex(i, 0.5) for i in range(n)]
    print(zs)
    print(zs[0], len(zs))
    zs.insert(0, 2j)
    zs.sort(key=lambda z: z.imag)
    return zs.index(2j), zs.count(0.5j), zs[::-1], zs.pop()


def mandel_row(w: int) -> List[complex]:
    cs = [complex(-2.0 + 3.0 * i / w, 0.5) for i in range(w)]
    zs = [0j] * w
    for _ in range(4):
        zs = [z * z + c for z, c in zip(zs, cs)]
    return zs


# run: build(2)
# run: scale([1j, 2 + 0j], 3)
# run: scale([], 1)
# run: text(3)
# run: methods(3)
# run: mandel_row(4)
