"""Tuple keys: grid coordinates."""
def grid(n: int) -> int:
    d = {}
    for i in range(n):
        for j in range(n):
            d[(i, j)] = i * n + j
    print(d[(1, 2)] if n > 2 else -1, (0, 0) in d, (n, n) in d)
    t = 0
    for k, v in d.items():
        t += k[0] * v - k[1]
    return t


def mixed_tuple(n: int) -> str:
    d = {(1, "a"): "x", (2, "b"): "y"}
    d[(n, "c")] = "z"
    print(d)
    return d[(2, "b")] + d[(n, "c")]


# run: grid(3)
# run: grid(1)
# run: mixed_tuple(5)
