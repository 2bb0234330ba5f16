"""Numeric keys by CPython's hash equality: 1 == 1.0, -0.0 == 0.0."""
from typing import Dict


def same_key(n: int) -> int:
    d: Dict[float, int] = {}
    d[1] = 5
    d[1.0] += 1
    d[-0.0] = 7
    d[0.0] += 1
    print(1 in d, 1.0 in d, 2 in d)
    return d[1] + d[0] + len(d) * n


def int_keys_float_lookup(n: int) -> int:
    d = {i: i for i in range(n)}
    return d[2]


# run: same_key(1)
# run: int_keys_float_lookup(4)
