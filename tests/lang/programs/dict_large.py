"""Growth: many keys, deletions, lookups."""
def big(n: int) -> int:
    d = {}
    for i in range(n):
        d[i * 7919 % 100003] = i
    for i in range(0, n, 3):
        del d[i * 7919 % 100003]
    t = 0
    for i in range(n):
        t += d.get(i * 7919 % 100003, 0)
    return t + len(d)


def strings(n: int) -> int:
    d = {}
    for i in range(n):
        d["k" + str(i)] = i
    return d["k" + str(n // 2)] + len(d)


# run: big(5000)
# run: strings(3000)
