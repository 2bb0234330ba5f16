# Refused: str.join of a list of ints.
# call: f(1)
# error: 6: str.join() takes a list of str, not List[int]

def f(n: int):
    return ",".join([n, n])
