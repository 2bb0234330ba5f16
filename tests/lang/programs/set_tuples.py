"""Sets of tuples: visited cells of a walk."""
def walk(n: int) -> int:
    x = 0
    y = 0
    seen = {(0, 0)}
    for i in range(n):
        if i % 4 == 0:
            x += 1
        elif i % 4 == 1:
            y += 1
        elif i % 4 == 2:
            x -= 1
        else:
            y += 2
        seen.add((x, y))
    print((0, 0) in seen, (1, 1) in seen)
    return len(seen)


# run: walk(10)
# run: walk(0)
