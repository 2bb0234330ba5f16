"""Recursion a few hundred frames deep (the unbounded case is in tests/runtime/test_recursion.py)."""


def depth(n: int) -> int:
    if n == 0:
        return 0
    return depth(n - 1) + 1


# run: depth(500)
