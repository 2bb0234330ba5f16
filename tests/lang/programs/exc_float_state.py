"""Float and bool variables flow into handlers and out of them."""


def newton(x: float, steps: int) -> float:
    guess = x
    ok = True
    try:
        for i in range(steps):
            if guess == 0.0:
                raise ZeroDivisionError("zero guess")
            guess = 0.5 * (guess + x / guess)
    except ZeroDivisionError:
        ok = False
    print(ok)
    return guess


# run: newton(2.0, 5)
# run: newton(0.0, 5)
