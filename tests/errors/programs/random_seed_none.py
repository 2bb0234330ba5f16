# Refused: random.seed() without a seed (scripted code does not read the OS's entropy).
# call: f()
# error: 8: random.seed() missing required argument 'a'
import random


def f() -> float:
    random.seed()
    return random.random()
