# A generator with a `while 1` loop whose locals carry state across yields (several yields
# per iteration, a branch, a float and a list local).
from typing import List


def walker(step: float):
    pos = 0.0
    history = []
    turn = 0
    while 1:
        pos += step
        history.append(turn)
        if turn % 3 == 2:
            yield -pos
        else:
            yield pos
        turn += 1
        yield float(len(history))


def walk(step: float, n: int) -> List[float]:
    g = walker(step)
    return [next(g) for _ in range(n)]


# run: walk(0.5, 9)
# run: walk(-1.25, 4)
