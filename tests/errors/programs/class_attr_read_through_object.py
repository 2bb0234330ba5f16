# Refused: an object's read of a class attribute that the code assigns (it would be folded
# in as the value at compile time).
# call: f(2)
# error: 18: Counter.made is a class attribute the code assigns: read it through the class (Counter.made), not an object


class Counter:
    made = 0

    def __init__(self):
        Counter.made += 1


def f(n):
    c = Counter()
    for i in range(n):
        c = Counter()
    return c.made
