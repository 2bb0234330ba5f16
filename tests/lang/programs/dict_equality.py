"""== and != of dicts: same items, any order."""
def eq(n: int) -> bool:
    a = {i: i * 2 for i in range(n)}
    b = {}
    for i in range(n - 1, -1, -1):
        b[i] = i * 2
    c = dict(a)
    c[0] = -1
    print(a == b, a != b, a == c)
    return a == b


def eq_str(n: int) -> bool:
    a = {"x": "1", "y": "2"}
    b = {"y": "2", "x": "1"}
    return (a == b) and n > 0


# run: eq(3)
# run: eq(1)
# run: eq_str(1)
