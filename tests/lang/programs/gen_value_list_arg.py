# A generator over a list argument, kept as a value: the list is read as the generator
# runs (an element appended before it is reached is seen, as with CPython's list iterator).
from typing import List


def evens_of(xs: List[int]):
    for x in xs:
        if x % 2 == 0:
            yield x
    yield -1


def collect(xs: List[int]) -> List[int]:
    g = evens_of(xs)
    return list(g)


def sees_append(xs: List[int]) -> List[int]:
    g = evens_of(xs)
    out = [next(g)]
    xs.append(100)
    for v in g:
        out.append(v)
    return out


def chars(s: str):
    for c in s:
        yield c + c


def doubled(s: str) -> str:
    g = chars(s)
    return "".join([c for c in g])


# run: collect([1, 2, 3, 4, 6])
# run: collect([])
# run: sees_append([2, 3, 4])
# run: doubled("abc")
