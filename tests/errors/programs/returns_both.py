# Refused: an unannotated function returning int in one place, str in another.
# call: f(1)
# error: 8: function 'f' returns both int and str

def f(x):
    if x > 0:
        return x
    return "negative"
