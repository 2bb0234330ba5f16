"""Set literals, `in`, len, add (duplicates ignored), sorted."""
def basics(n: int) -> int:
    s = {3, 1, 2, 3}
    s.add(n)
    s.add(1)
    print(len(s), 2 in s, 9 in s, 9 not in s, sorted(s))
    return len(s)


# run: basics(2)
# run: basics(10)
