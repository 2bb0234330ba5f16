"""Module-level strs in %-formatting, f-strings, str methods and comparisons."""
PREFIX = "pts"
TEMPLATE = "%s-%03d"
WIDTH = 8


def label(n: int) -> str:
    return TEMPLATE % (PREFIX, n)


def boxed(s: str) -> str:
    return f"[{s:>{WIDTH}}] {PREFIX.upper()}"


def starts(s: str) -> bool:
    return s.startswith(PREFIX) and s != PREFIX


def parts() -> list:
    return (PREFIX + ",ir,llvm").split(",")


# run: label(7)
# run: label(1234)
# run: boxed("ok")
# run: starts("pts-run")
# run: starts("pts")
# run: parts()
