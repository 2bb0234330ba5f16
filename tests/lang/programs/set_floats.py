"""Float sets: 1 == 1.0, -0.0 == 0.0."""
def floats(n: int) -> int:
    s = {0.5, 1.0, -0.0}
    s.add(1.0)
    s.add(0.0)
    s.add(n + 0.5)
    print(1 in s, 0 in s, 0.25 in s, sorted(s), 1.5 in s)
    return len(s)


# run: floats(1)
# run: floats(3)
