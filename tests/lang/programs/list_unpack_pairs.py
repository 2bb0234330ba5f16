"""`for a, b in pairs`, enumerate and zip over lists of tuples and lists of lists."""
from typing import List, Tuple


def dot(ps: List[Tuple[float, float]]) -> float:
    s = 0.0
    for a, b in ps:
        s += a * b
    return s


def indexed(m: List[List[int]]) -> List[Tuple[int, int]]:
    out: List[Tuple[int, int]] = []
    for i, row in enumerate(m):
        for j, x in enumerate(row):
            if x:
                out.append((i, j))
    return out


def zipped(a: List[List[int]], b: List[str]) -> List[str]:
    return [name + str(sum(row)) for row, name in zip(a, b)]


def triples(ts: List[Tuple[int, str, float]]) -> str:
    out = ""
    for n, s, x in ts:
        out += s * n + str(x)
    return out


# run: dot([(1.0, 2.0), (0.5, 4.0)])
# run: indexed([[0, 1], [1, 0, 1]])
# run: zipped([[1, 2], [3]], ["a", "b", "c"])
# run: triples([(2, "x", 0.5), (1, "y", -1.0)])
