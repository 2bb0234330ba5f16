# Refused: if and else give a variable different types, read after the if.
# call: f(1)
# error: 9: variable 'x' cannot be both int and str

def f(n):
    if n > 0:
        x = 1
    else:
        x = "negative"
    print(x)
    return n
