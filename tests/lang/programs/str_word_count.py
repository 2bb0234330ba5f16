"""Count words with parallel lists; report the most common, formatted."""
from typing import List


def word_count(text: str) -> List[str]:
    words: List[str] = []
    counts: List[int] = []
    for raw in text.lower().split():
        w = raw.strip(".,;:!?\"'")
        if not w:
            continue
        found = -1
        for i in range(len(words)):
            if words[i] == w:
                found = i
                break
        if found < 0:
            words.append(w)
            counts.append(1)
        else:
            counts[found] += 1
    out: List[str] = []
    for i in range(len(words)):
        if counts[i] > 1:
            out.append(f"{words[i]:<8}{counts[i]:>3}")
    return out


# run: word_count("The quick brown fox jumps over the lazy dog. The dog sleeps; the fox runs!")
# run: word_count("")
