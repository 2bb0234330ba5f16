"""Programs whose optimized IR lists a block before the block that defines a value it uses
(the value's block dominates it, but the passes left it later in the list: a `while`
condition's blocks are made after the body's, and merging and numbering values move
instructions into them).  Native code must emit blocks in dominance order (found by
differential fuzzing: KeyError on list.len, itof, list.new in codegen)."""
from typing import List


def pop_while_present(xs: List[int]) -> int:
    while 5 in xs:
        xs.pop()
    return len(xs)


def tuple_loop_chained(n: int, xs: List[int]) -> float:
    a = 1
    b = 0
    x = 0.0
    y = 0.0
    for t0 in (1, 0, 3):
        if b == t0:
            continue
        for t1 in (0, 2, 2):
            w2 = 0
            while 0 <= w2 < float(a):
                w2 += 1
            y = float(len(xs))
            if x - a > b:
                continue
            if len(xs) > 0:
                a = xs.pop()
    return x + y + a + b


# run: pop_while_present([1, 5, 5, 2, 5])
# run: pop_while_present([5, 5])
# run: pop_while_present([])
# run: tuple_loop_chained(3, [1, 2, 5])
# run: tuple_loop_chained(0, [])
