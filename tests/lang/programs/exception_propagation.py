"""An exception raised deep in calls propagates out; output printed before it is kept."""


def check(depth: int, limit: int) -> int:
    print("depth", depth)
    if depth == limit:
        raise ValueError("limit reached")
    return check(depth + 1, limit) + 1


def divide_all(n: int, zero_at: int) -> float:
    total = 0.0
    for i in range(n):
        total += 1.0 / (i - zero_at)
    return total


def outer(n: int) -> float:
    x = divide_all(n, 3)
    print("after divide_all")
    return x


# run: check(0, 3)
# run: outer(10)
# run: outer(3)
