# Refused: a rebound module-level name given a value of another type (an int name assigned a
# str): the box holds the type of the module's value, or its annotation.
# call: f(1)
# error: 10: the module-level name 'level' is a int and cannot be assigned a str
level = 0


def f(x: int) -> int:
    global level
    level = "high"
    return x
