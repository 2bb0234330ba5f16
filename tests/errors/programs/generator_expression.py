# Refused: a generator expression kept as a value becomes a list, and lists hold numbers.
# call: f(4)
# error: 6: a generator expression of Tuple[int, int] can only be iterated over here

def f(n):
    gen = ((i, i * i) for i in range(n))
    return n
