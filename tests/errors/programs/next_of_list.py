# Refused: next() of a value that is not a generator object or an iterator object.
# call: f([1, 2])
# error: 8: next() of List[int] is not supported

from typing import List

def f(xs: List[int]) -> int:
    return next(xs)
