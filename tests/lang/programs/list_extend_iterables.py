"""extend with lists, ranges, generator expressions, strings' words and itself."""
from typing import List


def grow(n: int) -> List[int]:
    xs = [0]
    xs.extend([1, 2])
    xs.extend(range(3, 5))
    xs.extend(i * i for i in range(n))
    xs.extend([])
    return xs


def words(s: str) -> List[str]:
    out = ["<"]
    out.extend(s.split())
    out += ">"
    return out


def nested(n: int) -> List[List[int]]:
    m = [[1]]
    m.extend([[k] * k for k in range(n)])
    m.extend(m)
    return m


# run: grow(4)
# run: words("a bc  d")
# run: nested(3)
