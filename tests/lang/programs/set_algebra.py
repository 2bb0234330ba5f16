"""| & - ^ and their methods: new sets."""
def algebra(n: int) -> int:
    a = {i for i in range(n)}
    b = {i for i in range(n // 2, n + 3)}
    print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(b - a), sorted(a ^ b))
    print(sorted(a.union(b)), sorted(a.intersection(b)), sorted(a.difference(b)),
          sorted(a.symmetric_difference(b)))
    return len(a | b) + len(a & b)


# run: algebra(6)
# run: algebra(0)
