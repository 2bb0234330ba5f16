"""update, copy (independent), clear, and dict | dict."""
def ops(n: int) -> int:
    a = {1: 1, 2: 2}
    b = {2: 20, 3: 30}
    c = a.copy()
    a.update(b)
    print(a, c)
    d = c | b
    print(d)
    c |= {9: 9}
    print(c)
    c.clear()
    print(c, len(c), bool(c), bool(a))
    return len(a) + n


# run: ops(0)
