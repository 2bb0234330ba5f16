"""An exception crosses several scripted calls (each with a finally) to the handler."""


def level3(n: int) -> int:
    if n == 0:
        raise LookupError("bottom")
    return n


def level2(n: int) -> int:
    try:
        return level3(n) + 1
    finally:
        print("level2 finally")


def level1(n: int) -> int:
    try:
        return level2(n) * 2
    finally:
        print("level1 finally")


def top(n: int) -> int:
    try:
        return level1(n)
    except LookupError as e:
        print("top caught", str(e))
        return -1


# run: top(3)
# run: top(0)
# run: level1(0)
