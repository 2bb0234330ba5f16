# Refused: an empty module-level list without an annotation: pts cannot tell the item type
# of the shared list (`SEEN: List[int] = []` compiles).
# call: f(1)
# error: 9: the module-level list 'SEEN' is empty
SEEN = []


def f(x: int) -> int:
    SEEN.append(x)
    return len(SEEN)
