"""Long concatenation loops, ASCII and non-ASCII pieces mixed: += of characters, of
numbers' text and of slices; the length in code points and in bytes must stay right."""


def grow(n: int) -> str:
    s = ""
    for i in range(n):
        if i % 7 == 0:
            s += "é"
        elif i % 11 == 0:
            s += "日本"
        else:
            s += chr(97 + i % 26)
    return s


def summary(n: int) -> str:
    s = grow(n)
    return f"{len(s)} {s[:5]} {s[-5:]} {s.count('é')} {s.find('日')} {s[::97]}"


def numbers(n: int) -> int:
    s = ""
    for i in range(n):
        s = s + str(i * i) + ";"
    total = 0
    for part in s.split(";"):
        if part:
            total += int(part)
    return total + len(s)


def rebuild(text: str) -> str:
    out = ""
    for ch in text:
        out = ch + out if ch.isalpha() else out + ch
    return out


# run: summary(2000)
# run: summary(0)
# run: summary(1)
# run: numbers(1500)
# run: rebuild("ab1c2 dé3f")
# run: rebuild("")
