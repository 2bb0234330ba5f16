# Refused: a local that may still be None after an if.
# call: f(3)
# error: 10: 'loss' may be None here (Optional[float])


def f(n: int) -> float:
    loss = None
    if n > 2:
        loss = n * 0.5
    return loss * 2.0
