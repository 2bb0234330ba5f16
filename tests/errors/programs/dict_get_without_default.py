# Refused: d.get(k) that gives None for a missing key, where the key is a call (pts reads
# `d.get(k)` as `d[k] if k in d else None`, which reads k twice: only for names,
# attributes and constants).
# call: f("a")
# error: 9: d.get(k) gives None for a missing key

def f(k):
    d = {"a": 1}
    return d.get(k.strip())
