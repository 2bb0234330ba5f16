"""`array.array` arguments: passed to scripted code as 1-d numpy arrays over the same
memory (the buffer protocol: np.frombuffer, no copy), so scripted writes (`u[i] = v`) are
seen in the caller's array.array, as in Python.

Contract: `as_arrays(args)` returns args with each array.array replaced by its view; the
typecodes whose item is a dtype pts compiles are 'd' (float64), 'f' (float32), 'b' 'B'
(int8, uint8), 'h' 'H' (int16, uint16), 'i' 'I' (int32, uint32), 'l' 'L' and 'q' 'Q'
(int64, uint64, where C long is 8 bytes); others ('u', 'w') raise TypeError naming the
typecode.  numpy is imported only when an array.array comes.
"""
from __future__ import annotations

import array

SUPPORTED = {"d": "float64", "f": "float32", "q": "int64", "Q": "uint64", "i": "int32",
             "I": "uint32", "b": "int8", "B": "uint8", "h": "int16", "H": "uint16"}
if array.array("l").itemsize == 8:
    SUPPORTED.update(l="int64", L="uint64")


def has_buffers(args: tuple) -> bool:
    return any(type(a) is array.array for a in args)


def as_arrays(args: tuple) -> tuple:
    import numpy as np
    out = []
    for a in args:
        if type(a) is array.array:
            dtype = SUPPORTED.get(a.typecode)
            if dtype is None:
                raise TypeError(f"pts: an array.array of typecode '{a.typecode}' is not "
                                f"supported as an argument (typecodes "
                                f"{', '.join(repr(c) for c in SUPPORTED)} are)")
            a = np.frombuffer(a, dtype=dtype)
        out.append(a)
    return tuple(out)
