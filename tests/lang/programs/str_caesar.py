"""A Caesar cipher with ord/chr arithmetic, round-tripped."""


def shift(s: str, k: int) -> str:
    out = ""
    for c in s:
        if "a" <= c <= "z":
            out += chr((ord(c) - ord("a") + k) % 26 + ord("a"))
        elif "A" <= c <= "Z":
            out += chr((ord(c) - ord("A") + k) % 26 + ord("A"))
        else:
            out += c
    return out


def roundtrip(s: str, k: int) -> bool:
    return shift(shift(s, k), -k) == s


# run: shift("Hello, World!", 3)
# run: shift("xyz XYZ", 30)
# run: roundtrip("The Quick Brown Fox", 11)
