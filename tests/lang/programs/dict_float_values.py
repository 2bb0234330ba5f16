"""Float values: running means."""
def means(n: int) -> float:
    tot = {}
    cnt = {}
    for i in range(n):
        k = i % 3
        tot[k] = tot.get(k, 0.0) + i * 0.5
        cnt[k] = cnt.get(k, 0) + 1
    m = {k: tot[k] / cnt[k] for k in tot}
    print(m)
    return m[0]


# run: means(7)
