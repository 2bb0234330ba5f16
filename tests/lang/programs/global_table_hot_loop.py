"""A module-level table read in a hot loop, indexed by a value computed when it runs (the
code builds its copy of the table once per call), and a str constant read per character."""
SQUARES = [i * i for i in range(64)]
HEX = "0123456789abcdef"


def sum_squares(n: int) -> int:
    s = 0
    for k in range(n):
        s += SQUARES[(k * 7) % 64]
    return s


def to_hex(n: int) -> str:
    if n == 0:
        return "0"
    out = ""
    while n > 0:
        out = HEX[n % 16] + out
        n //= 16
    return out


# run: sum_squares(1000)
# run: sum_squares(0)
# run: to_hex(255)
# run: to_hex(48879)
# run: to_hex(0)
