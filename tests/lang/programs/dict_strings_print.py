"""print/str of dicts with str keys and values: reprs with quotes, escapes."""
def show(n: int) -> int:
    d = {"it's": "a", "b": 'say "hi"', "": ""}
    print(d)
    e = {1: 1.5, 2: -0.0, 3: 1e20}
    print(e)
    print({(1, "x"): [1, 2]} if n > 0 else {(0, "y"): [3]})
    print(dict(), set())
    return len(d)


# run: show(1)
