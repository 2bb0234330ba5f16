# `seen_add = seen.add`: the dedupe idiom from the Python docs' recipes.
from typing import List


def unique(xs: List[int]) -> List[int]:
    seen = set()
    seen_add = seen.add
    return [x for x in xs if not (x in seen or seen_add(x))]


def count_distinct(s: str) -> int:
    letters = set()
    add = letters.add
    for ch in s:
        add(ch)
    return len(letters)


# run: unique([3, 1, 3, 2, 1, 5])
# run: unique([])
# run: count_distinct("mississippi")
