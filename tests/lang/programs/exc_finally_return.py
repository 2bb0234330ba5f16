"""return inside try: the value is computed first, then finally runs; a return in
finally overrides it and swallows an exception."""


def ret_value(n: int) -> int:
    x = n
    try:
        return x * 2
    finally:
        print("finally sees", x)
        x = 100


def override(n: int) -> int:
    try:
        return n
    finally:
        if n > 3:
            return -n


def swallow(n: int) -> int:
    try:
        if n > 0:
            raise ValueError("lost")
        return 1
    finally:
        return 2


# run: ret_value(5)
# run: override(2)
# run: override(7)
# run: swallow(1)
# run: swallow(0)
