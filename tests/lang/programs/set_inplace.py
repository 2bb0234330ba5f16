"""|= &= -= ^= change the set in place (aliases see it), and the *_update methods."""
def inplace(n: int) -> int:
    a = {1, 2, 3, 4}
    alias = a
    a |= {5, 6}
    a -= {1}
    a &= {2, 3, 5, 6, 7}
    a ^= {3, 8}
    print(sorted(alias), sorted(a))
    b = {1, 2}
    b.update({3})
    b.difference_update({1})
    b.intersection_update({2, 3, 4})
    b.symmetric_difference_update({2, 9})
    print(sorted(b))
    c = {1, 2}
    c ^= c
    return len(alias) + len(c) + n


# run: inplace(0)
