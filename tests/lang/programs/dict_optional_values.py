"""Optional values: None stored and tested."""
from typing import Dict, Optional


def opt(n: int) -> int:
    d: Dict[int, Optional[int]] = {}
    for i in range(n):
        d[i] = None if i % 2 else i
    t = 0
    for k, v in d.items():
        if v is not None:
            t += v
    print(d)
    return t


# run: opt(5)
