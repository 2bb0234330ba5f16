"""get with a default, setdefault, and their stores."""
def gets(n: int) -> int:
    d = {i: i * i for i in range(n)}
    s = 0
    for i in range(n + 3):
        s += d.get(i, -1)
    print(d.setdefault(1, 100), d.setdefault(n + 5, 7), len(d))
    return s


def group(n: int) -> int:
    d = {}
    for i in range(n):
        d.setdefault(i % 3, 0)
        d[i % 3] += i
    print(d)
    return d[0]


# run: gets(4)
# run: gets(0)
# run: group(10)
