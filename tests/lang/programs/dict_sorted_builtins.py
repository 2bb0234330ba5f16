"""Iteration builtins over dicts: sorted, list, sum, min, max, any, all, enumerate."""
def builtins(n: int) -> int:
    d = {}
    for i in range(n):
        d[(i * 5) % 11] = i
    print(sorted(d), list(d), sorted(d, reverse=True))
    print(sum(d.values()), min(d), max(d.values()), any(v > 3 for v in d.values()),
          all(k >= 0 for k in d))
    for i, k in enumerate(d):
        if i == 1:
            print("second", k)
    print(list(d.values()), list(d.keys()))
    return len([k for k in d if k % 2 == 0])


# run: builtins(6)
