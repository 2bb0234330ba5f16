"""zip(*rows) over a list of lists or of variable-length tuples: it yields tuples of a
run-time length (one item per row), the shortest row ends it, no rows yields nothing."""
from typing import List, Tuple


def transpose(rows: List[List[int]]) -> List[Tuple[int, ...]]:
    return list(zip(*rows))


def columns(n: int, m: int) -> str:
    results = [tuple(i * j for i in range(m)) for j in range(1, n + 1)]
    out = []
    for col in zip(*results):
        out.append(sum(col))
        out.append(len(col))
    return f"{out}"


def shortest(rows: List[List[str]]) -> None:
    for r in zip(*rows):
        print(r, "-".join(r))


# run: transpose([[1, 2, 3], [4, 5, 6]])
# run: transpose([[1, 2, 3], [4, 5]])
# run: transpose([[1], [], [3]])
# run: transpose([])
# run: transpose([[7, 8]])
# run: columns(3, 4)
# run: columns(0, 4)
# run: shortest([["a", "b"], ["c", "d", "e"], ["f", "g"]])
