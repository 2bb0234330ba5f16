# Refused: floats stored into a list of ints made by a call (the Gaussian elimination's
# matmul: `c = zeromat(n, q)` then `c[i][j] = <float>`): pts builds an int list as floats
# only where it is made.
# call: f(2)
# error: 12: and this existing List[List[int]]

def zeros(n):
    return [[0] * n for i in range(n)]


def f(n):
    c = zeros(n)
    c[0][0] = 0.5
    return c
