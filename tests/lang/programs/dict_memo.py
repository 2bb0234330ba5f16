"""Memoization in a dict passed down a recursion."""
from typing import Dict


def fib(n: int, memo: Dict[int, int]) -> int:
    if n < 2:
        return n
    if n in memo:
        return memo[n]
    r = fib(n - 1, memo) + fib(n - 2, memo)
    memo[n] = r
    return r


def run(n: int) -> int:
    memo: Dict[int, int] = {}
    r = fib(n, memo)
    print(len(memo))
    return r


# run: run(50)
# run: run(1)
