# Refused: a gradient of a function that reads a module-level dict (dicts are shared, never
# folded); the message says to pass it as an argument.
# call: pts.grad(f)(1.5)
# error: 12: which a gradient cannot share with Python: pass it as an argument
import pts

WEIGHTS = {"a": 2.0, "b": 3.0}


def f(x: float) -> float:
    y = x * x
    return y * WEIGHTS["a"] + x
