# f(*t) with a tuple t at calls of builtins, methods and function values.
from typing import List, Tuple


def spread(t: Tuple[int, int]) -> Tuple[int, int, int]:
    q, r = divmod(*t)
    return max(*t), q, r


def show(t: Tuple[int, str, float]) -> None:
    print(*t)


def insert_at(t: Tuple[int, int]) -> List[int]:
    xs = [0, 0]
    xs.insert(*t)
    return xs


# run: spread((17, 5))
# run: show((1, "a", 2.5))
# run: insert_at((1, 9))
