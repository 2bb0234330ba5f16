"""A retry loop: try again after each failure, up to a limit."""


def attempt(i: int) -> int:
    if i < 3:
        raise RuntimeError("not yet")
    return i * 10


def retry(limit: int) -> int:
    tries = 0
    while tries < limit:
        try:
            return attempt(tries)
        except RuntimeError as e:
            print("attempt", tries, "failed:", str(e))
            tries += 1
    return -1


# run: retry(5)
# run: retry(2)
