"""Module-level lists of bools and of ints, and a tuple of ints."""
MASK = [True, False, True, True]
DIGITS = [3, 1, 4, 1, 5, 9, 2, 6]
SHAPE = (2, 3)


def masked_sum() -> int:
    s = 0
    for i in range(len(MASK)):
        if MASK[i]:
            s += DIGITS[i]
    return s


def digit_string(k: int) -> str:
    return "".join([str(d) for d in DIGITS[:k]])


def cells() -> int:
    return SHAPE[0] * SHAPE[1] + DIGITS[-1]


# run: masked_sum()
# run: digit_string(4)
# run: digit_string(0)
# run: cells()
