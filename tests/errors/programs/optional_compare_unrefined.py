# Refused: ordering an Optional without a test.
# call: f(3)
# error: 8: 'x' may be None here (Optional[float])
from typing import Optional


def f(x: Optional[float]) -> bool:
    return x < 3.0
