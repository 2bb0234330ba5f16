"""for-else over lazy iterables: else runs when the iterable is exhausted, not after break."""
from typing import List


def search(xs: List[int], k: int) -> int:
    for i, x in enumerate(xs):
        if x == k:
            print("found at", i)
            break
    else:
        print("not found")
        return -1
    return i


def search_gen(n: int, k: int) -> bool:
    for v in (i * i for i in range(n)):
        if v == k:
            break
    else:
        return False
    return True


# run: search([3, 4, 5], 4)
# run: search([3, 4, 5], 9)
# run: search_gen(10, 49)
# run: search_gen(10, 50)
