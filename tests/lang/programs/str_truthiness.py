"""Strings as conditions: if s, while s, not s, bool(s), and/or of strings."""


def truth(s: str) -> str:
    out = ""
    if s:
        out += "nonempty "
    if not s:
        out += "empty "
    out += str(bool(s))
    t = s
    n = 0
    while t:
        t = t[1:]
        n += 1
    return out + " " + str(n) + " " + (s or "default") + " " + (s and "both")


# run: truth("abc")
# run: truth("")
