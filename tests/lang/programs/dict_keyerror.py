"""KeyError as CPython words it: the key's repr."""
def missing_str(k: str) -> int:
    d = {"a": 1, "b": 2}
    return d[k]


def missing_int(k: int) -> int:
    d = {1: 10, 2: 20}
    return d[k]


def missing_float(k: float) -> float:
    d = {1.5: 3.0}
    return d[k]


def missing_del(k: str) -> int:
    d = {"x": 1}
    del d[k]
    return len(d)


# run: missing_str("a")
# run: missing_str("zz")
# run: missing_int(2)
# run: missing_int(-7)
# run: missing_float(2.25)
# run: missing_del("x")
# run: missing_del("y")
