# A bound method passed as a value: a closure over its receiver (the list itself: what the
# callee appends, the caller sees).
from typing import List


def visit(n: int, emit) -> None:
    for i in range(n):
        if i % 3 != 0:
            emit(i)


def collect(n: int) -> List[int]:
    out: List[int] = []
    visit(n, out.append)
    return out


def collect_twice(n: int) -> List[int]:
    out: List[int] = []
    visit(n, out.append)
    visit(n, out.append)
    return out


def into_set(n: int) -> int:
    s = {0}
    visit(n, s.add)
    return len(s)


# run: collect(8)
# run: collect_twice(5)
# run: into_set(10)
