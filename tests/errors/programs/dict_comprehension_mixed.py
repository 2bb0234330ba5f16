# Refused: a comprehension's values mixed with the annotation's value type.
# call: f(3)
# error: 9: dict values have different types: int and str

from typing import Dict

def f(n):
    d: Dict[int, int] = {}
    d = {i: str(i) for i in range(n)}
    return len(d)
