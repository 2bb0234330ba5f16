"""Two everyday forms from Rosetta Code's Kaprekar numbers: a conversion of an `or` whose
operands differ in type (`int(s[:i] or 0)`: the operand `or` passes on is converted, and
`and` likewise), and a function that returns a value on some paths and falls off its end on
others (it returns None there, as CPython: an Optional result)."""


def split_sum(n: int) -> int:
    s = str(n * n)
    total = 0
    for i in range(len(s)):
        total += int(s[:i] or 0) * 1000 + int(s[i:])
    return total


def conversions(s: str) -> tuple:
    return (int(s or 7), float(s[:1] or 2.5), str(s and 3), str(s[:0] and 3), bool(s or 0),
            int(s[:0] or s[:0] or 5))


def first_even(xs: list):
    for x in xs:
        if x % 2 == 0:
            return x


def classify(n: int):
    if n > 0:
        return "positive"
    elif n < 0:
        return "negative"


def kaprekar(n: int):
    n2 = str(n ** 2)
    for i in range(len(n2)):
        a, b = int(n2[:i] or 0), int(n2[i:])
        if b and a + b == n:
            return n


def kaprekars(limit: int) -> list:
    return [x for x in range(1, limit) if kaprekar(x)]


# run: split_sum(45)
# run: split_sum(1)
# run: conversions("12")
# run: conversions("")
# run: first_even([3, 5, 8, 10])
# run: first_even([1, 3])
# run: classify(3)
# run: classify(-2)
# run: classify(0)
# run: kaprekars(1000)
