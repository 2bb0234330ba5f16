"""sorted and list over generators and map."""
from typing import List


def lcg(n: int, seed: int):
    x = seed
    for _ in range(n):
        x = (x * 75 + 74) % 65537
        yield x % 100


def mod7(x: int) -> int:
    return x % 7


def sorted_gen(n: int) -> List[int]:
    return sorted(lcg(n, 3))


def sorted_map(n: int) -> List[int]:
    return sorted(map(mod7, lcg(n, 5)), reverse=True)


# run: sorted_gen(12)
# run: sorted_map(12)
