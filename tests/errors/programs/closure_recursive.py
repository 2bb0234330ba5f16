# Refused: a nested function that calls itself (its closure would be made before it exists).
# call: f(5)
# error: 7: the nested function 'fact' calls itself: recursion through a closure

def f(n):
    one = 1
    def fact(k):
        if k <= one:
            return 1
        return k * fact(k - 1)
    return fact(n)
