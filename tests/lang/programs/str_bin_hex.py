"""Integers to binary, octal and hex text and back by hand (int(s) with base 10 only)."""


def to_base(n: int, base: int) -> str:
    digits = "0123456789abcdef"
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    out = ""
    while n > 0:
        out = digits[n % base] + out
        n //= base
    return sign + out


def check(n: int) -> bool:
    return to_base(n, 2) == format(n, "b") and to_base(n, 16) == f"{n:x}" and \
        to_base(n, 8) == f"{n:o}"


# run: to_base(255, 16)
# run: to_base(-10, 2)
# run: check(123456789)
# run: check(-77)
# run: check(0)
