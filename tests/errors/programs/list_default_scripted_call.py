# Refused: an empty list default left out by a scripted caller, without an annotation
# (the shared default's item type is unknown; `acc: List[int] = []` compiles).
# call: f(2)
# error: 13: the default value of add()'s parameter 'acc' is empty
def add(x, acc=[]):
    acc.append(x)
    return len(acc)


def f(n: int) -> int:
    s = 0
    for i in range(n):
        s += add(i)
    return s
