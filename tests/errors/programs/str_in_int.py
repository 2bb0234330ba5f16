# Refused: an int looked up in a str.
# call: f("abc")
# error: 6: 'in <string>' requires string as left operand, not int

def f(s: str):
    return 1 in s
