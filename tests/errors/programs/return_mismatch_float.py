# Refused: an int function returning a float.
# call: f(3)
# error: 7: return type mismatch: expected int, got float

def f(x: int) -> int:
    y = x / 2
    return y
