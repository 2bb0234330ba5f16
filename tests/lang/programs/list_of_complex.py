"""Lists of complex numbers (`List[complex]`): displays, append/insert, indexing, slices,
comprehensions, sum (with a start), ==, in, index/count, sort by a key, str/repr/f-strings
of the list, and lists passed in from Python and returned to it."""
from typing import List


def build(n: int) -> str:
    # (a str result: pts-run runs this entry; libpts passes no complex values)
    zs = [1 + 2j, 3j]
    zs.append(complex(n, 1))
    s = sum(zs)
    return repr(s + zs[1] * zs[-1])


def scale(zs: List[complex], k: int):
    zs.append(1j * k)
    out = [z * 2 for z in zs]
    return out, len(zs), zs[0].real, sum(zs, 1.5)


def text(n: int) -> str:
    zs = [complex(i, -i) for i in range(n)]
    return f"{zs} {str(zs)} {repr(zs[1:])} {zs == [0j]} {(1-1j) in zs} {zs[:1] == [0j]}"


def methods(zs: List[complex]):
    print(zs)
    print(zs[0], len(zs))
    zs.insert(0, 2j)
    zs.sort(key=lambda z: z.imag)
    return zs.index(2j), zs.count(0.5j), zs[::-1], zs.pop()


def mandel_row(cs: List[complex]) -> List[complex]:
    zs = [0j] * len(cs)
    for _ in range(4):
        zs = [z * z + c for z, c in zip(zs, cs)]
    return zs


# run: build(2)
# run: scale([1j, 2 + 0j], 3)
# run: scale([], 1)
# run: text(3)
# run: methods([0.5j, 1 + 0.5j, 2 + 0.5j])
# run: mandel_row([-2 + 0.5j, -1.25 + 0.5j, -0.5 + 0.5j, 0.25 + 0.5j])
