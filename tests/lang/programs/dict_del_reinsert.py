"""Deleted keys and reinsertion: order follows CPython (a reinserted key goes last)."""
def churn(n: int) -> int:
    d = {i: i for i in range(n)}
    for i in range(0, n, 2):
        del d[i]
    for i in range(0, n, 2):
        d[i] = -i
    print(list(d))
    for i in range(n * 10):
        d[i % n] = i
        if i % 3 == 0:
            del d[i % n]
    print(d)
    return len(d)


# run: churn(6)
