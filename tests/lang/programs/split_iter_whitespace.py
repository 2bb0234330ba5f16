"""`for w in s.split()` walks the words without a list (frontend/lower_split.py): runs of
whitespace (str.isspace's, unicode too), leading/trailing space, empty text, break,
continue, else, and the loop variable after the loop."""
from typing import List


def words(s: str) -> List[str]:
    out: List[str] = []
    for w in s.split():
        out.append(w)
    return out


def last_word(s: str) -> str:
    w = "<none>"
    for w in s.split():
        pass
    return w


def until_stop(s: str) -> str:
    got = ""
    for w in s.split():
        if w == "skip":
            continue
        if w == "stop":
            got += "!"
            break
        got += w + "."
    else:
        got += "(end)"
    return got + " last=" + w if s.strip() else got


def rebinding(s: str) -> int:
    n = 0
    for w in s.split():
        s = "x y z w v u"        # the words are the first text's (split ran before the loop)
        n += len(w)
    return n * 100 + len(s)


def nested(s: str) -> List[str]:
    out: List[str] = []
    for line in s.split("\n"):
        for w in line.split():
            out.append(f"{len(out)}:{w}")
    return out


# run: words("the quick  brown\tfox\njumps")
# run: words("   leading and trailing   ")
# run: words("")
# run: words("   ")
# run: words("one")
# run: words("a\x0bb\x0cc\rd\x1ce\x1df\x1eg\x1fh")
# run: words("caf\u00e9\u00a0na\u00efve\u2003r\u00e9sum\u00e9\u3000\u65e5\u672c\u0085end\u2028x\u2029y\u202fz\u205fq\u1680r")
# run: words("\u00e9\u00e9 \u00e9")
# run: words("no\u200bbreak\ufeffhere")
# run: last_word("alpha beta gamma")
# run: last_word("   ")
# run: until_stop("a b skip c stop d")
# run: until_stop("a b c")
# run: until_stop("")
# run: rebinding("ab cde f")
# run: nested("a b\n\n c  d \ne")
