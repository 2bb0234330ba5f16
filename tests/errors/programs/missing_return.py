# Refused: an int function that can fall off its end.
# call: f(1)
# error: 5: may end without returning

def f(x: int) -> int:
    if x > 0:
        return 1
    elif x < 0:
        return -1
