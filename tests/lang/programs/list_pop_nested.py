"""pop of inner lists: the popped list is the same object, still changeable."""
from typing import List


def stack(n: int) -> List[List[int]]:
    st = [[i] for i in range(n)]
    top = st.pop()
    mid = st.pop(0)
    top.append(100)
    st.append(top)
    st.insert(0, mid)
    return st


def drain(m: List[List[int]]) -> int:
    total = 0
    while m:
        row = m.pop()
        while row:
            total += row.pop()
    return total


# run: stack(4)
# run: drain([[1, 2], [], [3]])
