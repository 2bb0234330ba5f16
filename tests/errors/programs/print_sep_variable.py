# Refused: print's sep= given a value known only at run time (pts takes string constants).
# call: f(",")
# error: 7: print's sep= must be a string constant in pts


def f(s: str) -> None:
    print(1, 2, sep=s)
