"""Case mapping and predicates, ASCII and not (ß, İ, Greek, titlecase letters)."""
from typing import List


def cases(s: str) -> List[str]:
    return [s.lower(), s.upper(), s.title(), s.capitalize(), s.swapcase(), s.casefold()]


def preds(s: str) -> str:
    flags = [s.isdigit(), s.isdecimal(), s.isnumeric(), s.isalpha(), s.isalnum(), s.isspace(),
             s.islower(), s.isupper(), s.istitle()]
    return "".join(["1" if f else "0" for f in flags])


# run: cases("hello World, it's 3 o'clock")
# run: cases("straße İstanbul ΣΊΣΥΦΟΣ ǆ")
# run: cases("")
# run: preds("123")
# run: preds("Hello World")
# run: preds("hello")
# run: preds("HELLO 1")
# run: preds(" \t\n")
# run: preds("")
# run: preds("½²")
# run: preds("Élan Vital")
