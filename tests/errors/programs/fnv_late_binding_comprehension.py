# Refused: a nested def only called by its name reads its captured variables at the call,
# but here the call sits in a comprehension whose own variable has the captured name
# (CPython's f would read the function's k, not the comprehension's).
# call: f(2)
# error: 11: 'k' here is a comprehension's variable, not the one g() reads: rename one

def f(n):
    def g(x):
        return x * k
    k = n
    return [g(k) for k in range(3)]
