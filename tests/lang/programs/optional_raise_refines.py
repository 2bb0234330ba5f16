"""A branch that raises refines what follows, as a return does."""
from typing import Optional


def need(x: Optional[float]) -> float:
    if x is None:
        raise ValueError("x is required")
    return x + 0.25


# run: need(1.0)
# run: need(None)
