# Refused: copy.deepcopy with a memo dict (pts keeps no memo: values have no identity).
# call: f(2)
# error: 8: takes exactly one argument here
import copy


def f(n: int):
    return copy.deepcopy([n], {})
