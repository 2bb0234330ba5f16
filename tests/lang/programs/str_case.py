"""lower, upper, title, capitalize, swapcase, casefold — ASCII and beyond."""
from typing import List


def cases(s: str) -> List[str]:
    return [s.lower(), s.upper(), s.title(), s.capitalize(), s.swapcase(), s.casefold()]


# run: cases("hello WORLD, it's a test")
# run: cases("")
# run: cases("ÉCOLE straße ǅ")
# run: cases("123 abc-def_ghi")
