"""Builtins that only read a module-level list of floats: len, sum, min, max, sorted,
any, all, reversed."""
SAMPLES = [2.5, -1.0, 4.25, 0.0, 3.5]


def stats() -> tuple:
    return (len(SAMPLES), sum(SAMPLES), min(SAMPLES), max(SAMPLES))


def ordered() -> list:
    return sorted(SAMPLES)


def backwards() -> list:
    out = []
    for x in reversed(SAMPLES):
        out.append(x * 2)
    return out


def checks() -> tuple:
    return (any(x < 0 for x in SAMPLES), all(x < 5 for x in SAMPLES))


def scaled(k: float) -> float:
    return sum(x * k for x in SAMPLES)


# run: stats()
# run: ordered()
# run: backwards()
# run: checks()
# run: scaled(0.5)
