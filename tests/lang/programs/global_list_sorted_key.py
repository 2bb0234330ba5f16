"""sorted() with key= and reverse= over a module-level list, and max with a key."""
WORDS = ["kiwi", "banana", "fig", "cherry", "apple"]


def by_length() -> list:
    return sorted(WORDS, key=len)


def by_last_letter() -> list:
    return sorted(WORDS, key=lambda w: w[-1], reverse=True)


def longest() -> str:
    return max(WORDS, key=len)


def initials() -> str:
    return "".join(sorted([w[0] for w in WORDS]))


# run: by_length()
# run: by_last_letter()
# run: longest()
# run: initials()
