"""The loop variable keeps its last value after the loop (and after break)."""


def last_index(n: int) -> int:
    i = -1
    for i in range(n):
        pass
    return i


def after_break(n: int) -> int:
    k = 0
    for k in range(n):
        if k * k > 50:
            break
    return k


def reused(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    for i in range(i, -1, -2):
        total += i
    return total * 100 + i


# run: last_index(10)
# run: last_index(0)
# run: after_break(100)
# run: after_break(4)
# run: reused(9)
