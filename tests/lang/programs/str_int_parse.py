"""int(s): signs, whitespace, underscores; errors worded as CPython's."""


def parse(s: str) -> int:
    return int(s)


def total(a: str, b: str) -> int:
    return int(a) + int(b)


# run: parse("42")
# run: parse("  -17 ")
# run: parse("+8")
# run: parse("1_000_000")
# run: parse("0")
# run: parse("007")
# run: parse("x")
# run: parse("")
# run: parse("1.5")
# run: parse("1__0")
# run: total("9223372036854775806", "1")
