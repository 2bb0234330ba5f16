"""while loops with compound conditions and updates in the body."""


def digit_sum(n: int) -> int:
    s = 0
    while n > 0:
        s += n % 10
        n //= 10
    return s


def steps_to_one(x: float) -> int:
    steps = 0
    while x > 1.0 and steps < 1000:
        x = x / 2.0 + 0.1
        steps += 1
    return steps


def never_runs(n: int) -> int:
    total = 7
    while n < 0:
        total += 1
    return total


def two_counters(n: int) -> int:
    i = 0
    j = n
    meet = 0
    while i < j:
        i += 2
        j -= 1
        meet += i * j
    return meet


# run: digit_sum(987654321)
# run: digit_sum(0)
# run: steps_to_one(1000.0)
# run: steps_to_one(0.5)
# run: never_runs(5)
# run: two_counters(100)
