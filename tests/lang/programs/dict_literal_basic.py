"""Dict literals, d[k], len, `in`, print in insertion order."""
def lit(n: int) -> int:
    d = {"one": 1, "two": 2, "three": 3}
    print(d)
    print(len(d), "two" in d, "four" in d, "four" not in d)
    return d["one"] + d["three"] * n


def empty_literal(n: int) -> int:
    d = {}
    d[n] = n * n
    d[n + 1] = 0
    print(d, len(d))
    return d[n]


# run: lit(2)
# run: lit(-1)
# run: empty_literal(3)
