"""Prints of a generator and of its consumer interleave exactly as in CPython."""


def ping(n: int):
    print("start")
    for i in range(n):
        print("ping", i)
        yield i
        print("after", i)
    print("end")


def pong(n: int) -> int:
    t = 0
    for v in ping(n):
        print("pong", v)
        t += v
    print("done")
    return t


def return_from_body(n: int) -> int:
    for v in ping(n):
        if v == 1:
            return v * 10
    return -1


# run: pong(3)
# run: pong(0)
# run: return_from_body(3)
# run: return_from_body(1)
