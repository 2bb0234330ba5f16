# `append = out.append`, then only calls: the alias is the method (the empty list's
# element type comes from what is appended, as with out.append(x)).
from typing import List


def squares(n: int) -> List[int]:
    out = []
    append = out.append
    for i in range(n):
        append(i * i)
    return out


def evens_text(n: int) -> str:
    words = []
    add = words.append
    for i in range(n):
        if i % 2 == 0:
            add(str(i))
    return ",".join(words)


# run: squares(5)
# run: squares(0)
# run: evens_text(7)
