"""for c in s: count vowels, build reversed copy, enumerate by hand."""


def vowels(s: str) -> int:
    n = 0
    for c in s:
        if c in "aeiouAEIOU":
            n += 1
    return n


def reverse(s: str) -> str:
    out = ""
    for c in s:
        out = c + out
    return out


def positions(s: str, target: str) -> str:
    i = 0
    found = ""
    for c in s:
        if c == target:
            found += str(i) + " "
        i += 1
    else:
        found += "end"
    return found


# run: vowels("Programming In Python")
# run: vowels("")
# run: reverse("stressed")
# run: reverse("añb")
# run: positions("banana", "a")
