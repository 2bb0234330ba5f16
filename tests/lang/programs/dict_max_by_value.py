"""max over keys with key=d.get-style function: a top scorer."""
from typing import Dict


def top(words: str) -> str:
    counts: Dict[str, int] = {}
    for w in words.split():
        counts[w] = counts.get(w, 0) + 1
    best = ""
    for w in counts:
        if best == "" or counts[w] > counts[best]:
            best = w
    return best


# run: top("b a b c a b")
# run: top("")
