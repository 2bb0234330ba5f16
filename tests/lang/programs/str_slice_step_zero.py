"""A slice step of zero is a ValueError, raised at the slice."""


def sl(s: str, step: int) -> str:
    print("before")
    return s[::step]


# run: sl("abc", 0)
# run: sl("abc", 2)
