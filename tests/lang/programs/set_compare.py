"""<= < >= > == != and issubset/issuperset/isdisjoint."""
def cmp(n: int) -> int:
    a = {1, 2}
    b = {1, 2, 3}
    c = {3, 2, 1}
    print(a <= b, a < b, b < c, b <= c, b == c, a == b, a != b, b >= a, b > a, c > b)
    print(a.issubset(b), b.issubset(a), b.issuperset(a), a.isdisjoint({5, n}))
    return int(a < b) + int(b == c)


# run: cmp(6)
# run: cmp(1)
