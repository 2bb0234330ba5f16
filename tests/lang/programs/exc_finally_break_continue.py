"""break and continue inside try run finally first, in CPython's order."""


def loop(n: int) -> int:
    total = 0
    for i in range(n):
        try:
            if i % 3 == 0:
                continue
            if i == 7:
                break
            total += i
        finally:
            print("finally", i)
            total += 1
    return total


def while_loop(n: int) -> int:
    i = 0
    hits = 0
    while True:
        try:
            i += 1
            if i > n:
                break
            if i % 2 == 0:
                continue
            hits += 10
        finally:
            hits += 1
    return hits


# run: loop(10)
# run: loop(5)
# run: while_loop(5)
