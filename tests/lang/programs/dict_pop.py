"""pop with and without a default, popitem (LIFO), and their KeyErrors."""
def pops(n: int) -> int:
    d = {i: i * 10 for i in range(n)}
    a = d.pop(1)
    b = d.pop(99, -5)
    print(a, b, d)
    k, v = d.popitem()
    print(k, v, d)
    return len(d)


def pop_missing(k: int) -> int:
    d = {1: 2}
    return d.pop(k)


def popitem_empty(n: int) -> int:
    d = {i: i for i in range(n)}
    t = 0
    while True:
        k, v = d.popitem()
        t += k * v
    return t


# run: pops(4)
# run: pop_missing(1)
# run: pop_missing(3)
# run: popitem_empty(3)
