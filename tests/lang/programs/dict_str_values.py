"""str values: a lookup table."""
def names(n: int) -> str:
    d = {1: "one", 2: "two", 3: "three"}
    out = ""
    for i in range(1, n + 1):
        out = out + d.get(i, "?") + ","
    d[4] = "four"
    print(d)
    return out


# run: names(3)
# run: names(5)
