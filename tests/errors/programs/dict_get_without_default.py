# Refused: d.get(k) would give None for a missing key (not supported yet).
# call: f("a")
# error: 7: d.get(k) gives None for a missing key

def f(k):
    d = {"a": 1}
    return d.get(k)
