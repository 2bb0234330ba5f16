"""`if x:` on an Optional number: None and 0 are false; inside, x is the number."""
from typing import Optional


def truthy(x: Optional[int]) -> int:
    if x:
        return x + 1
    return -1


def truthy_float(x: Optional[float]) -> bool:
    return bool(x) if x is not None else False


# run: truthy(5)
# run: truthy(0)
# run: truthy(None)
# run: truthy_float(0.0)
# run: truthy_float(2.5)
# run: truthy_float(None)
