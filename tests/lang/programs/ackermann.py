"""Ackermann: deep non-primitive recursion, small arguments only."""


def ack(m: int, n: int) -> int:
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))


def ack_table(limit: int) -> int:
    total = 0
    for m in range(0, 3):
        for n in range(0, limit):
            total = total * 7 + ack(m, n)
    return total


# run: ack(0, 0)
# run: ack(1, 5)
# run: ack(2, 3)
# run: ack(3, 3)
# run: ack_table(4)
