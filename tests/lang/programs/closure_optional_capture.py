"""A closure capturing an Optional tests it inside (the refinement is the closure's own)."""
from typing import Optional


def run(x: int, limit: Optional[int]) -> int:
    def cap(v):
        if limit is None:
            return v
        return min(v, limit)

    return cap(x) + cap(x * 10)


# run: run(3, None)
# run: run(3, 20)
