# Refused: the truth of an Optional array (numpy calls an array's truth ambiguous).
# call: f(3)
# error: 11: 'x' may be None here (Optional[Tensor[float64, 1-d]])
from typing import Optional

import numpy as np


def f(n: int) -> int:
    x = None if n < 0 else np.ones(n)
    if x:
        return 1
    return 0
