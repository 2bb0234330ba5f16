# Refused: an unannotated callee returning int or str.
# call: f(1)
# error: 8: function 'sign_name' returns both int and str

def sign_name(x):
    if x > 0:
        return 1
    return "negative"


def f(x):
    return sign_name(x)
