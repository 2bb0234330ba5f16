"""KeyError caught by try/except (KeyError and LookupError)."""
def lookup(k: str) -> int:
    d = {"a": 1}
    try:
        return d[k]
    except KeyError:
        return -1


def lookup_base(k: int) -> int:
    s = {1, 2}
    try:
        s.remove(k)
        return 1
    except LookupError:
        return 0


# run: lookup("a")
# run: lookup("b")
# run: lookup_base(2)
# run: lookup_base(5)
