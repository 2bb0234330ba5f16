"""Sets of strings: unique words, membership."""
def unique(text: str) -> int:
    seen = set()
    dups = 0
    for w in text.split():
        if w in seen:
            dups += 1
        else:
            seen.add(w)
    print(sorted(seen))
    return dups


def stop(text: str) -> str:
    stopwords = {"the", "a", "an", "of"}
    out = []
    for w in text.split():
        if w.lower() not in stopwords:
            out.append(w)
    return " ".join(out)


# run: unique("to be or not to be")
# run: stop("The cat of a neighbour")
