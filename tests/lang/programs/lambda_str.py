"""Lambdas over strings: sort words by length then text, map a method."""
from typing import List


def run(text: str) -> List[str]:
    words = text.split()
    by_len = sorted(words, key=lambda w: len(w))
    upper = list(map(lambda w: w.upper(), words))
    long = list(filter(lambda w: len(w) > 3, words))
    return by_len + upper + long + [max(words, key=lambda w: w.count("a"), default="")]


# run: run("a banana for the cat and an alpaca")
# run: run("")
