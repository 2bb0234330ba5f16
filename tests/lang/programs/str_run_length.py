"""Run-length encoding and decoding."""


def encode(s: str) -> str:
    if not s:
        return ""
    out = ""
    prev = s[0]
    n = 1
    for c in s[1:]:
        if c == prev:
            n += 1
        else:
            out += f"{n}{prev}"
            prev = c
            n = 1
    return out + f"{n}{prev}"


def decode(s: str) -> str:
    out = ""
    num = ""
    for c in s:
        if c.isdigit():
            num += c
        else:
            out += c * int(num)
            num = ""
    return out


# run: encode("aaabccddddde")
# run: decode("3a1b2c5d1e")
# run: encode("")
# run: encode("wwwwaaadexxxxxxywww")
# run: decode("12W1B12W3B24W1B14W")
