"""break in the consumer leaves the generator; return in the generator ends the loop
(the loop's else runs, as when a generator is exhausted)."""
from typing import List


def upto(xs: List[int], limit: int):
    for x in xs:
        if x > limit:
            print("limit hit")
            return
        print("yield", x)
        yield x
    print("all yielded")


def consumer_break(xs: List[int]) -> int:
    s = 0
    for v in upto(xs, 100):
        if v == 3:
            print("break")
            break
        s += v
    else:
        print("else")
    return s


def generator_return(xs: List[int]) -> int:
    s = 0
    for v in upto(xs, 5):
        s += v
    else:
        print("else")
    return s


def continue_in_consumer(xs: List[int]) -> int:
    s = 0
    for v in upto(xs, 100):
        if v % 2:
            continue
        s += v
    return s


# run: consumer_break([1, 2, 3, 4])
# run: consumer_break([1, 2])
# run: generator_return([1, 2, 9, 4])
# run: generator_return([1, 2])
# run: continue_in_consumer([1, 2, 3, 4])
