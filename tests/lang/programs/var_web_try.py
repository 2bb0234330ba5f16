"""Webs and try: a handler sees every assignment of the protected body (they may all have
run), and a rebinding after the try starts a web of its own."""


def parse(s: str) -> str:
    x = 0
    try:
        x = int(s)
        x = x * 2
    except ValueError:
        x = -1
    print(x)
    x = "value " + str(x)
    return x


def cleanup(n: int) -> str:
    r = n
    try:
        r = 10 // n
    finally:
        print("finally", r)
    r = str(r) + "?"
    return r


# run: parse("21")
# run: parse("abc")
# run: cleanup(3)
# run: cleanup(0)
