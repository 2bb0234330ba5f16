"""str(), repr() and format() of bools and None; bools under int format codes."""


def show(b: bool, n: int) -> str:
    x: None = None
    return f"{b} {b!r} {x} {b:d} {b:>6} {b:x} {b:.2f} {str(b)} {repr(x)} {str(x)}{n}"


# run: show(True, 1)
# run: show(False, 2)
