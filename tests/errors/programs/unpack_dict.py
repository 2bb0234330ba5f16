# Refused: unpacking a dict (only tuples, lists and Optional tuples unpack).
# call: f()
# error: 6: cannot unpack Dict[str, int]
def f() -> int:
    d = {"a": 1, "b": 2}
    a, b = d
    return 0
