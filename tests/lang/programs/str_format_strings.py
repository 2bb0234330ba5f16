"""Format specs on strings: alignment, fill, precision (truncation); conversions !r !s !a."""


def aligned(s: str) -> str:
    return f"[{s:>10}][{s:<10}][{s:^10}][{s:*^9}][{s:.2}][{s:>6.3}][{s}]"


def conversions(s: str, n: int, x: float) -> str:
    return f"{s!r} {s!s} {s!a} {n!r} {x!r} {x!s} {s!r:>12}"


# run: aligned("abc")
# run: aligned("")
# run: aligned("héllo wörld")
# run: conversions("it's", 3, 0.1)
# run: conversions('say "hi"\n', -1, -0.0)
# run: conversions("naïve ☃", 0, 1e100)
