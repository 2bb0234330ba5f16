"""A module-level list holding None among strs is a List[Optional[str]]: an item tested
with `is None` is refined; an item used directly as a str is checked when it runs, and
None raises CPython's TypeError."""
NAMES = [None, None, "twenty", "thirty", "forty"]


def tens(a: int) -> str:
    return NAMES[a] + "-something"


def tens_safe(a: int) -> str:
    t = NAMES[a]
    if t is None:
        return "none"
    return t


def suffixed(a: int) -> str:
    return "x" + NAMES[a]


def count_present() -> int:
    n = 0
    for t in NAMES:
        if t is not None:
            n += len(t)
    return n


# run: tens(2)
# run: tens(4)
# run: tens(0)
# run: tens_safe(1)
# run: tens_safe(3)
# run: suffixed(3)
# run: suffixed(1)
# run: count_present()
