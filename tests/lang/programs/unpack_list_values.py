"""Unpacking a list (`a, b = s.split(",")`): CPython checks the length when it runs and
raises ValueError for too few or too many items."""


def key_value(s: str) -> str:
    k, v = s.split("=")
    return v + ":" + k


def last_two(s: str) -> str:
    pre, last = s.rsplit(",", 1)
    return last.strip() + "|" + pre


def triple(xs: list) -> int:
    a, b, c = xs
    return a * 100 + b * 10 + c


def pairs_sum(rows: list) -> int:
    s = 0
    for row in rows:
        x, y = row
        s += x * y
    return s


# run: key_value("name=pts")
# run: key_value("novalue")
# run: key_value("a=b=c")
# run: last_two("one, two, three")
# run: last_two("single")
# run: triple([1, 2, 3])
# run: triple([1, 2])
# run: pairs_sum([[1, 2], [3, 4]])
# run: pairs_sum([[1, 2, 3]])
