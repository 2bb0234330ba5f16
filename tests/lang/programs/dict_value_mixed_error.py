"""A mixed int/float value type is float, as in lists (the values read back are floats)."""
def mixed(n: int) -> float:
    d = {"a": 1.5, "b": 2.5}
    d["c"] = n + 0.5
    print(d)
    return d["a"] + d["c"]


# run: mixed(3)
