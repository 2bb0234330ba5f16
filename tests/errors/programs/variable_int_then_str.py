# Refused: a variable that is an int on one path and a str on another, read where both
# reach (pts gives a variable one type per web of assignments; a rebinding whose uses see
# only the str is accepted: lang/programs/var_web_*.py).
# call: f(1)
# error: 10: variable 'x' cannot be both int and str

def f(n):
    x = n + 1
    if n > 3:
        x = "done"
    print(x)
    return n
