"""copy is independent; clear; truth."""
def cc(n: int) -> int:
    a = {1, 2, 3}
    b = a.copy()
    b.add(n)
    a.clear()
    print(len(a), sorted(b), bool(a), bool(b))
    return len(b)


# run: cc(4)
# run: cc(2)
