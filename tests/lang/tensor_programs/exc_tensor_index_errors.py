"""Indexing an array out of bounds inside a try is an IndexError the handler catches."""
import numpy as np


def get(x: np.ndarray, i: int) -> float:
    try:
        return float(x[i])
    except IndexError as e:
        print("index:", str(e))
        return -1.0


def set_item(x: np.ndarray, i: int) -> np.ndarray:
    try:
        x[i] = 5.0
    except IndexError:
        print("no such index")
    return x


# run: get(np.arange(4.0), 2)
# run: get(np.arange(4.0), 7)
# run: set_item(np.arange(3.0), 1)
# run: set_item(np.arange(3.0), 3)
