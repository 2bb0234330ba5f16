# Refused: closures made in a loop over the loop variable and kept (CPython's late binding:
# every one would see the last value).
# call: f(3)
# error: 8: 'i' is captured by the function 'g' at line 9 and assigned again at line 8

def f(n):
    total = 0
    for i in range(n):
        def g(v):
            return v + i
        h = g
        total += h(1)
    return total
