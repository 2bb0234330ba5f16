# Refused: an int function returning a str.
# call: f(1)
# error: 8: return type mismatch: expected int, got str

def f(x: int) -> int:
    if x > 0:
        return x
    return "negative"
