"""A list of lists of ints that later holds floats: the variable is a List[List[float]]
and the fresh int rows are built as floats."""


def smooth(n: int) -> float:
    grid = [[0] * n for _ in range(n)]
    for step in range(2):
        grid = [[x + 0.5 * (i + j) for j, x in enumerate(row)] for i, row in enumerate(grid)]
    return sum(sum(row) for row in grid)


# run: smooth(3)
# run: smooth(1)
