"""Functions on strings passed as values."""


def shout(s: str) -> str:
    return s.upper() + "!"


def whisper(s: str) -> str:
    return s.lower() + "..."


def transform(f, words: str) -> str:
    out = []
    for w in words.split():
        out.append(f(w))
    return " ".join(out)


def run(words: str, loud: bool) -> str:
    f = shout if loud else whisper
    return transform(f, words) + " | " + transform(shout, words)


# run: run("Hello World", True)
# run: run("Hello World", False)
# run: run("", True)
