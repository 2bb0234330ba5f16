"""x += y whose operands do not broadcast: numpy's message lists the output's shape too
(three shapes: x, y and x again), where native code listed two; an output that would need
broadcasting is numpy's 'non-broadcastable output operand' (found by differential
fuzzing)."""
import numpy as np


def add_into(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    x += y
    return x


def mul_into(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    x *= y
    return x


# run: add_into(np.ones((2, 3)), np.ones((4, 3)))
# run: add_into(np.ones((2, 3, 4)), np.ones((5, 4)))
# run: add_into(np.ones(3), np.ones(4))
# run: mul_into(np.ones((2, 3), dtype=np.float32), np.ones((3, 2)))
# run: add_into(np.ones((2, 1)), np.ones((2, 3)))
# run: add_into(np.ones((1, 3), dtype=np.float32), np.ones((2, 3)))
