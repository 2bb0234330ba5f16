"""A module-level dict as a memo table filled by a recursive function (a common pattern),
and a module-level set of seen values: what one call stores the next call finds."""
from typing import Dict

MEMO = {0: 0, 1: 1}
SEEN = {-1}


def fib(n: int) -> int:
    if n in MEMO:
        return MEMO[n]
    v = fib(n - 1) + fib(n - 2)
    MEMO[n] = v
    return v


def collatz_seen(n: int) -> int:
    SEEN.clear()
    SEEN.add(-1)
    while n != 1 and n not in SEEN:
        SEEN.add(n)
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    return len(SEEN)


# run: fib(60)
# run: fib(5)
# run: collatz_seen(27)
