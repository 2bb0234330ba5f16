"""Two module-level tables read together: an index into one picks from the other (no
list is kept, so each read works on a constant)."""
CODES = ["A", "C", "G", "T"]
WEIGHTS = [71.0788, 103.1388, 57.0519, 101.1051]


def mass(seq: str) -> float:
    m = 0.0
    for ch in seq:
        if ch in CODES:
            m += WEIGHTS[CODES.index(ch)]
    return m


def heaviest() -> str:
    best = 0
    for i in range(len(WEIGHTS)):
        if WEIGHTS[i] > WEIGHTS[best]:
            best = i
    return CODES[best]


# run: mass("GATTACA")
# run: mass("")
# run: heaviest()
