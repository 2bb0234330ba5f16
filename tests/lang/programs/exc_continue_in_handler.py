"""continue and break from handlers and else clauses inside loops."""


def f(xs: list[int]) -> int:
    total = 0
    for x in xs:
        try:
            v = 60 // x
        except ZeroDivisionError:
            print("skip zero")
            continue
        else:
            if v < 5:
                break
        finally:
            print("finally", x)
        total += v
    return total


# run: f([1, 2, 0, 3])
# run: f([1, 20, 3])
