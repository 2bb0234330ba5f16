"""Nested try statements: the inner handler catches first; what it does not catch goes
to the outer one."""


def nested(k: int) -> int:
    out = 0
    try:
        try:
            if k == 0:
                raise ValueError("inner value")
            if k == 1:
                raise IndexError("inner index")
            out = 1
        except ValueError:
            print("inner caught")
            out = 2
        finally:
            print("inner finally")
        out += 10
    except IndexError as e:
        print("outer caught", str(e))
        out = 3
    return out


# run: nested(0)
# run: nested(1)
# run: nested(2)
