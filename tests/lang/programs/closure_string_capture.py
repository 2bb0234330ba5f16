"""Closures capturing strings and formatting with them."""
from typing import List


def labels(prefix: str, n: int) -> List[str]:
    sep = ": "

    def label(i):
        return f"{prefix}{sep}{i:03d}"

    return [label(i) for i in range(n)] + list(map(lambda w: prefix + w, ["x", "y"]))


# run: labels("item", 3)
# run: labels("", 0)
