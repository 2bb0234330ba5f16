"""A worklist of dict entries consumed with popitem."""
def drain(n: int) -> int:
    d = {i: n - i for i in range(n)}
    t = 0
    while d:
        k, v = d.popitem()
        t = t * 3 + k * v
    return t


# run: drain(5)
# run: drain(0)
