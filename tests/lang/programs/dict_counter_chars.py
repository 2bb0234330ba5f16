"""Character frequencies of a string; the most common character."""
def freq(text: str) -> str:
    d = {}
    for c in text:
        d[c] = d.get(c, 0) + 1
    best = ""
    for c in sorted(d):
        if best == "" or d[c] > d[best]:
            best = c
    print(d)
    return best


# run: freq("mississippi")
# run: freq("")
