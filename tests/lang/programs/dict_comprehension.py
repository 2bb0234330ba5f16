"""Dict comprehensions with conditions and two for clauses."""
def squares(n: int) -> int:
    d = {i: i * i for i in range(n) if i % 2 == 0}
    print(d)
    return sum(d.values())


def pairs(n: int) -> int:
    d = {i * 10 + j: i + j for i in range(n) for j in range(i)}
    print(d)
    return len(d)


def from_words(text: str) -> int:
    d = {w: len(w) for w in text.split()}
    print(d)
    return max(d.values()) if d else 0


# run: squares(7)
# run: pairs(4)
# run: from_words("alpha be gamma")
# run: from_words("")
