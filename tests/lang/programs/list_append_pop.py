"""A list used as a stack: append, pop, len."""
from typing import List


def stack_ops(n: int) -> List[int]:
    st: List[int] = []
    for i in range(n):
        st.append(i * 10)
        if i % 3 == 2:
            st.pop()
    return st


def pop_values(n: int) -> int:
    xs = [1, 2, 3]
    for i in range(n):
        xs.append(i)
    total = 0
    while len(xs) > 0:
        total = total * 3 + xs.pop()
    return total


def pop_float(xs: List[float]) -> float:
    last = xs.pop()
    return last * 2.0 + len(xs)


def pop_empty(n: int) -> int:
    xs: List[int] = []
    for i in range(n):
        xs.append(i)
    total = 0
    for i in range(n + 1):
        total += xs.pop()
    return total


def balanced(opens: List[bool]) -> bool:
    # True pushes, False pops; balanced if every pop has a push and all are popped
    depth: List[bool] = []
    for o in opens:
        if o:
            depth.append(o)
        elif len(depth) == 0:
            return False
        else:
            depth.pop()
    return len(depth) == 0


# run: stack_ops(10)
# run: pop_values(5)
# run: pop_float([1.0, 2.5])
# run: pop_float([])
# run: pop_empty(3)
# run: balanced([True, True, False, True, False, False])
# run: balanced([True, False, False])
# run: balanced([True])
