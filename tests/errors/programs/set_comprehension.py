# Refused: a set comprehension of lists (unhashable elements).
# call: f(4)
# error: 6: unhashable type: 'List[int]'

def f(n):
    evens = {[i] for i in range(n) if i % 2 == 0}
    return n
