"""A module-level str folds into the code as a constant: concatenation, indexing, slicing,
len, iteration and `in` read it as CPython reads the global."""
ALPHABET = "ACGT"
SEP = ", "


def complement_code(s: str) -> str:
    out = ""
    for ch in s:
        i = ALPHABET.find(ch)
        out += ALPHABET[len(ALPHABET) - 1 - i] if i >= 0 else "?"
    return out


def joined(n: int) -> str:
    parts = ""
    for i in range(n):
        if i:
            parts += SEP
        parts += ALPHABET[i % len(ALPHABET)] + ALPHABET[1:3]
    return parts


def has(ch: str) -> bool:
    return ch in ALPHABET


# run: complement_code("GATTACA")
# run: complement_code("AXG")
# run: joined(5)
# run: joined(0)
# run: has("G")
# run: has("U")
