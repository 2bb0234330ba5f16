"""Three levels of lists: build, mutate through aliases, count."""
from typing import List


def cube(n: int) -> List[List[List[int]]]:
    return [[[i * 100 + j * 10 + k for k in range(n)] for j in range(n)] for i in range(n)]


def poke(n: int) -> int:
    c = cube(n)
    plane = c[1]
    row = plane[0]
    row[0] = -5
    c[1][0].append(7)
    return c[1][0][0] + len(c[1][0]) + len(plane[0])


def flatten(c: List[List[List[int]]]) -> List[int]:
    return [x for plane in c for row in plane for x in row]


# run: cube(2)
# run: poke(3)
# run: flatten([[[1, 2], [3]], [[], [4]]])
