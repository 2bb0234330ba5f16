"""A caught exception printed: print(e), f"{e}", str(e), with messages built at run time."""


def check(x: int) -> str:
    try:
        if x < 0:
            raise ValueError(f"negative: {x}")
        if x == 0:
            raise ZeroDivisionError("zero")
        return f"ok {100 // x}"
    except (ValueError, ZeroDivisionError) as e:
        print(e)
        print("caught", e, "for", x)
        return f"[{e}] [{e!s:>14}] [{str(e)}]"


def parse(s: str) -> int:
    try:
        return int(s)
    except ValueError as e:
        print("bad input:", e)
        return -1


# run: check(5)
# run: check(-3)
# run: check(0)
# run: parse("12")
# run: parse("1x")
