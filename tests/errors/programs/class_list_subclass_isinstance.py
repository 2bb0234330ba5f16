# Refused: isinstance with a list subclass of an empty body (pts makes its objects lists,
# which cannot be told apart from other lists).
# call: f(2)
# error: 12: is a list with an empty body
class OrderedCollection(list):
    pass


def f(n):
    xs = OrderedCollection()
    xs.append(n)
    return isinstance(xs, OrderedCollection)
