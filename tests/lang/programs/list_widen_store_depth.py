"""Floats stored into int lists at depth 1, 2 and 3, with `=`, `+=`, `*=` and `/=`, inside
loops and branches: each list variable is a List[float] at that depth, built as floats
where it is made (displays, `[x] * n`, comprehensions)."""


def depth1(n: int):
    xs = [0] * n
    for i in range(n):
        if i % 2:
            xs[i] += 0.5 * i
    return xs[1], sum(xs)


def depth2(n: int):
    m = [[i * j for j in range(n)] for i in range(n)]
    for i in range(n):
        m[i][i] /= 4
    return [sum(r) for r in m]


def depth3(n: int):
    cube = [[[1, 2], [3, 4]] for _ in range(n)]
    cube[n - 1][1][0] *= 1.25
    total = 0.0
    for plane in cube:
        for row in plane:
            total += sum(row)
    return total, cube[n - 1][1][0]


def running_mean(xs):
    acc = [0, 0]
    for i, x in enumerate(xs):
        acc[0] += x
        acc[1] = acc[0] / (i + 1)
    return acc[1]


# run: depth1(5)
# run: depth2(3)
# run: depth3(2)
# run: running_mean([3, 5, 10])
