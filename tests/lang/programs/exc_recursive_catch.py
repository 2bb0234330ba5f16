"""A recursive function that catches errors from deeper calls of itself."""


def depth(n: int) -> int:
    if n == 0:
        raise ValueError("bottom reached")
    try:
        return depth(n - 1) + 1
    except ValueError:
        if n % 3 == 0:
            return 100
        raise


# run: depth(2)
# run: depth(4)
# run: depth(7)
