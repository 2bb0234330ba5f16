"""A module-level dict of lists (nbody's BODIES): a list reached through the dict changed in
place by a callee, a key added, the dict read back by another callee; the run puts the
dict back as it was first."""
TABLE = {"a": [1.0, 2.0], "b": [3.0]}


def add_to(key: str, v: float) -> None:
    TABLE[key].append(v)


def total(key: str) -> float:
    s = 0.0
    for v in TABLE[key]:
        s += v
    return s


def bucket(n: int) -> float:
    TABLE["a"] = [1.0, 2.0]
    TABLE["b"] = [3.0]
    if "c" in TABLE:
        del TABLE["c"]
    for i in range(n):
        add_to("a" if i % 2 == 0 else "b", i * 0.5)
    TABLE["c"] = [float(n)]
    row = TABLE["b"]
    row[0] = -row[0]
    return total("a") * 100.0 + total("b") + len(TABLE) * 1000.0


def keys_in_order(n: int) -> str:
    TABLE["a"] = [1.0, 2.0]
    TABLE["b"] = [3.0]
    if "c" in TABLE:
        del TABLE["c"]
    TABLE["c"] = [float(n)]
    out = ""
    for k, v in TABLE.items():
        out += k + str(len(v))
    del TABLE["c"]
    return out


# run: bucket(5)
# run: bucket(0)
# run: keys_in_order(3)
