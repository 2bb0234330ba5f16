"""The handler sees variables as they were when the exception was raised."""


def partial(n: int) -> int:
    done = 0
    acc = 0
    try:
        for i in range(n):
            acc += 10 // (3 - i)
            done += 1
    except ZeroDivisionError:
        print("stopped after", done, "with", acc)
    return acc * 100 + done


def assign_not_done(b: int) -> int:
    x = 1
    try:
        x = 10 // b
    except ZeroDivisionError:
        print("x is still", x)
    return x


# run: partial(2)
# run: partial(6)
# run: assign_not_done(5)
# run: assign_not_done(0)
