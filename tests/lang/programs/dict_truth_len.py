"""Truth of dicts and sets; len."""
def truth(n: int) -> int:
    d = {}
    s = set()
    r = 0
    if not d:
        r += 1
    if not s:
        r += 2
    for i in range(n):
        d[i] = i
        s.add(i)
    if d and s:
        r += 4
    print(len(d), len(s), bool(d))
    return r


# run: truth(0)
# run: truth(3)
