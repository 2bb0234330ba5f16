"""Module-level tuples of strs and of (str, number) pairs fold in as constants (pts indexes a
tuple with constants only, so the days are a list)."""
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
WEIGHTS = (("a", 0.25), ("c", 0.5), ("g", 0.125), ("t", 0.125))


def day_name(i: int) -> str:
    return DAYS[i % 7].upper()


def weekend(i: int) -> bool:
    return DAYS[i % 7] in ["sat", "sun"]


def weight_of(ch: str) -> float:
    for name, w in WEIGHTS:
        if name == ch:
            return w
    return -1.0


def total_weight() -> float:
    t = 0.0
    for _, w in WEIGHTS:
        t += w
    return t


# run: day_name(3)
# run: day_name(13)
# run: weekend(5)
# run: weekend(2)
# run: weight_of("g")
# run: weight_of("x")
# run: total_weight()
