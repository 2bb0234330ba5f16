"""A variable assigned on some paths only: reading it on the others is UnboundLocalError."""


def last_square(n: int) -> int:
    for i in range(n):
        sq = i * i
    return sq


def maybe(flag: bool) -> int:
    if flag:
        y = 5
    return y + 1


def loop_carried(n: int) -> int:
    total = 0
    k = 0
    while k < n:
        if k > 2:
            total += prev
        prev = k
        k += 1
    return total


# run: last_square(5)
# run: last_square(0)
# run: maybe(True)
# run: maybe(False)
# run: loop_carried(6)
