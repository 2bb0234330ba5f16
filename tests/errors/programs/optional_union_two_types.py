# Refused: a Union that is not Optional[T].
# call: f(1)
# error: 7: unions other than Optional[T] (T | None) are not supported: int | float
from typing import Union


def f(x: Union[int, float]) -> int:
    return 0
