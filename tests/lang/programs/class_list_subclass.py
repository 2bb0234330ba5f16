"""`class OrderedCollection(list): pass` (pyperformance deltablue): a list subclass with an
empty body is a list: `OrderedCollection()` is `list()`, with the list methods."""


class OrderedCollection(list):
    pass


class Bag(set):
    """A set, by another name."""


def run(n: int) -> list:
    todo = OrderedCollection()
    for i in range(n):
        todo.append(i * i)
    todo.insert(0, -1)
    seen = Bag()
    for v in todo:
        seen.add(v % 3)
    return [len(todo), todo.pop(), sum(todo), len(seen)]


# run: run(5)
# run: run(0)
