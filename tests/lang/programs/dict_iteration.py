"""keys/values/items in insertion order, unpacking in for."""
def walk(n: int) -> int:
    d = {}
    for i in range(n, 0, -1):
        d[i * 3 % 7] = i
    for k in d:
        print(k)
    t = 0
    for v in d.values():
        t += v
    for k, v in d.items():
        t += k * v
    for k in d.keys():
        t -= k
    return t


# run: walk(5)
# run: walk(0)
