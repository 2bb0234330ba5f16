"""+ and * on strings, += in loops, repetition by zero and negative counts."""


def build(n: int) -> str:
    s = ""
    for i in range(n):
        s += str(i)
        s = s + ","
    return s


def rep(s: str, n: int) -> str:
    return s * n + "|" + n * s + "|" + s * -1 + "|" + s * 0 + "|" + s * True


# run: build(12)
# run: build(0)
# run: rep("ab", 3)
# run: rep("", 5)
# run: rep("x", -2)
