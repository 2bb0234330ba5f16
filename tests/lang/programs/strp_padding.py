"""zfill, ljust, rjust, center (with fill characters, ASCII and not), and their errors."""


def pad(s: str, w: int) -> str:
    return "|".join([s.zfill(w), s.ljust(w), s.rjust(w, "*"), s.center(w, "·"), s.center(w)])


def bad_fill(s: str) -> str:
    return s.ljust(5, "ab")


# run: pad("42", 6)
# run: pad("-42", 6)
# run: pad("+7", 1)
# run: pad("héllo", 9)
# run: pad("", 4)
# run: pad("abc", 4)
# run: bad_fill("x")
