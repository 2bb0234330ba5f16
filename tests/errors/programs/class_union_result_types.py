# Refused: a method of a union whose classes return different types (an int and a str).
# call: f(1)
# error: 19: size() of a Union[Crate, Label] is int for Crate and str for Label
from typing import Union


class Crate:
    def size(self) -> int:
        return 3


class Label:
    def size(self) -> str:
        return "big"


def f(n: int) -> int:
    things = [Crate(), Label()]
    s = things[n].size()
    return 0
