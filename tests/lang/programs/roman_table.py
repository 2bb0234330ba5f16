"""Roman numerals from a module-level list of (int, str) pairs."""
NUMERALS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def encode(n: int) -> str:
    out = ""
    for value, letters in NUMERALS:
        while n >= value:
            out += letters
            n -= value
    return out


def decode(s: str) -> int:
    total = 0
    i = 0
    while i < len(s):
        for value, letters in NUMERALS:
            if s[i:i + len(letters)] == letters:
                total += value
                i += len(letters)
                break
    return total


# run: encode(1994)
# run: encode(2024)
# run: encode(0)
# run: decode("MCMXCIV")
# run: decode("XLII")
