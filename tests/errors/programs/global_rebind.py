# Refused: rebinding a module-level name (`global`); the message says to change the shared
# list in place instead.
# call: f(1)
# error: 9: change a module-level list, dict or set in place instead
ROWS = [1, 2]


def f(x: int) -> int:
    global ROWS
    ROWS = [x]
    return len(ROWS)
