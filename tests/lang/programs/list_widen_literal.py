"""A list variable that starts as a literal of ints and is later given floats is a
List[float]; the literal, a comprehension of ints and `[0] * n` are built as floats."""


def halve(n: int) -> float:
    xs = [0, 1, 2, 3]
    xs = [x / 2 for x in xs]
    return sum(xs) + n


def grow(n: int) -> float:
    acc = [0] * n
    for i in range(n):
        acc = [a + 0.25 for a in acc]
    return sum(acc)


def from_range(n: int) -> float:
    ys = [i * i for i in range(n)]
    total = 0.0
    for k in range(2):
        ys = [y * 0.5 for y in ys]
        total += sum(ys)
    return total


def concat_start(n: int) -> float:
    zs = [1] + [2] * n
    zs = [z * 1.5 for z in zs]
    return zs[0] + zs[-1]


# run: halve(1)
# run: grow(3)
# run: grow(0)  # float
# run: from_range(5)
# run: concat_start(2)
