"""Classify triangles: chained comparisons, elif chains, early returns."""


def classify(a: int, b: int, c: int) -> int:
    # 0 invalid, 1 equilateral, 2 isosceles, 3 right, 4 scalene
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    if a <= 0 or a + b <= c:
        return 0
    if a == b == c:
        return 1
    if a == b or b == c:
        return 2
    if a * a + b * b == c * c:
        return 3
    return 4


def census(n: int) -> int:
    counts = [0] * 5
    for a in range(1, n):
        for b in range(a, n):
            for c in range(b, n):
                counts[classify(a, b, c)] += 1
    return counts[0] + counts[1] * 10 + counts[2] * 100 + counts[3] * 1000 + counts[4] * 10000


# run: classify(3, 4, 5)
# run: classify(5, 3, 4)
# run: classify(2, 2, 2)
# run: classify(2, 2, 3)
# run: classify(1, 2, 3)
# run: classify(4, 6, 7)
# run: classify(0, 1, 1)
# run: census(15)
