"""enumerate and zip over module-level lists; a comprehension over one."""
KEYS = ["alpha", "beta", "gamma", "delta"]
VALUES = [1, 4, 9, 16]


def pairs() -> list:
    return [k + "=" + str(v) for k, v in zip(KEYS, VALUES)]


def position(name: str) -> int:
    for i, k in enumerate(KEYS):
        if k == name:
            return i
    return -1


def weighted() -> int:
    return sum(i * v for i, v in enumerate(VALUES, 1))


def long_keys(n: int) -> list:
    return [k for k in KEYS if len(k) > n]


# run: pairs()
# run: position("gamma")
# run: position("omega")
# run: weighted()
# run: long_keys(4)
# run: long_keys(10)
