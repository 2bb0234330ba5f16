# Refused: `global` of a name the module does not define when the code compiles (pts needs
# its type; CPython would create it at the first store).
# call: f(1)
# error: 8: 'global seen': pts needs the module-level name to exist when it compiles


def f(x: int) -> int:
    global seen
    seen = x
    return x
