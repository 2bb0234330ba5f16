# Refused: the truth of a union whose classes define it differently (one by __bool__, the
# other by nothing: always true).
# call: f(1)
# error: 21: the truth of a Union[Empty, Full]
from typing import Union


class Empty:
    def __bool__(self) -> bool:
        return False


class Full:
    pass


def f(n: int) -> int:
    x: Union[Empty, Full] = Empty()
    if n > 0:
        x = Full()
    if x:
        return 1
    return 0
