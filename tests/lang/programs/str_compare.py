"""Comparisons of strings are by code point; sorting a list of strings by them."""
from typing import List


def cmp(a: str, b: str) -> List[bool]:
    return [a == b, a != b, a < b, a <= b, a > b, a >= b]


def sort_words(words: List[str]) -> List[str]:
    xs = words.copy()
    n = len(xs)
    for i in range(n):
        for j in range(n - 1 - i):
            if xs[j] > xs[j + 1]:
                t = xs[j]
                xs[j] = xs[j + 1]
                xs[j + 1] = t
    return xs


def mixed(a: str, n: int) -> List[bool]:
    return [a == "x", "x" == a, a != "y", a == str(n), a < "b" < "c"]


# run: cmp("abc", "abd")
# run: cmp("abc", "abc")
# run: cmp("ab", "abc")
# run: cmp("Z", "a")
# run: cmp("é", "z")
# run: sort_words(["pear", "Apple", "apple", "banana", "", "äpfel", "b"])
# run: mixed("x", 3)
# run: mixed("3", 3)
