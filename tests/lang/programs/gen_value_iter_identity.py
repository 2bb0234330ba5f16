# iter(g) is g itself; a for over iter(g) advances g; a return ends the generator early.
from typing import List


def upto(n: int, stop_at: int):
    for i in range(n):
        if i == stop_at:
            return
        yield i


def identity(n: int) -> bool:
    g = upto(n, 100)
    return iter(g) is g


def through_iter(n: int, stop_at: int) -> List[int]:
    g = upto(n, stop_at)
    it = iter(g)
    first = next(it)
    rest = [x for x in g]
    return [first] + rest


# run: identity(3)
# run: through_iter(10, 4)
# run: through_iter(10, 20)


def noisy(n: int):
    yield n
    return print("returning", n)


def return_value_dropped(n: int) -> int:
    g = noisy(n)
    return sum(g) + len(list(g))


# run: return_value_dropped(4)
