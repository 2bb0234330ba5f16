"""d[k] op= v for several operators and value types."""
def aug(n: int) -> float:
    d = {"i": 10, "j": 3}
    f = {"f": 1.5}
    d["i"] -= n
    d["i"] *= 2
    f["f"] /= 4
    d["i"] //= 3
    d["i"] %= 5
    d["j"] **= 2
    d["j"] <<= 1
    s = {"t": "ab"}
    s["t"] += "c"
    s["t"] *= 2
    print(d, f, s)
    return d["i"] + f["f"]


def aug_missing(n: int) -> int:
    d = {"a": 1}
    d["b"] += n
    return d["b"]


# run: aug(1)
# run: aug_missing(2)
