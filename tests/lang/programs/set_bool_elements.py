"""bool elements and set-of-int from comparison results."""
def bools(n: int) -> int:
    s = set()
    for i in range(n):
        s.add(i > 2)
    print(sorted(s), True in s, False in s)
    return len(s)


# run: bools(2)
# run: bools(5)
