"""del xs[i] and del xs[a:b:c], with CPython's IndexError."""
from typing import List


def del_items(n: int) -> List[int]:
    xs = [i for i in range(n)]
    del xs[0]
    del xs[-1]
    del xs[1], xs[1]
    return xs


def del_out_of_range(i: int) -> List[int]:
    xs = [1, 2, 3]
    del xs[i]
    return xs


def del_slices(n: int) -> List[List[int]]:
    out: List[List[int]] = []
    for a, b, c in [(1, 3, 1), (0, 100, 2), (-1, 0, -1), (5, 2, 1), (6, 0, -2), (0, 0, 1)]:
        xs = [i for i in range(n)]
        del xs[a:b:c]
        out.append(xs)
    ys = [1, 2, 3, 4]
    del ys[:]
    out.append(ys)
    zs = [1, 2, 3, 4, 5]
    del zs[::3]
    out.append(zs)
    return out


def del_nested() -> List[List[str]]:
    m = [["a", "b"], ["c"], ["d", "e", "f"]]
    del m[1]
    del m[-1][0:2]
    return m


# run: del_items(7)
# run: del_out_of_range(3)
# run: del_out_of_range(-4)
# run: del_out_of_range(-3)
# run: del_slices(8)
# run: del_nested()
