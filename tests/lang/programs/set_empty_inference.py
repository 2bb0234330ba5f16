"""set() then the first add decides the element type."""
def infer(text: str) -> int:
    s = set()
    for w in text.split():
        s.add(w)
    print(sorted(s))
    return len(s)


def infer_float(n: int) -> float:
    s = set()
    for i in range(n):
        s.add(i / 2)
    return sum(s)


# run: infer("a b a c")
# run: infer("")
# run: infer_float(5)
