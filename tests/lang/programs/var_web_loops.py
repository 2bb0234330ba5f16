"""Webs through loops: a variable assigned in a loop body and read only in that iteration
is its own variable there, while one carried around the loop stays one variable; `for`
targets reused with another element type; break and continue."""


def per_iteration(n: int) -> int:
    acc = 0
    for i in range(n):
        t = i * 0.5
        t = int(t * 3)
        acc += t
    t = "done"
    print(t)
    return acc


def targets(words: list) -> str:
    out = 0
    for w in range(3):
        out += w
    s = ""
    for w in words:
        s += w
    return s + str(out)


def carried(n: int) -> float:
    x = 1
    k = 0
    while k < n:
        if k == 3:
            k += 1
            continue
        x = x * 1.5          # x is carried around the loop: int and float meet as float
        if x > 50:
            break
        k += 1
    return x


def after_break(xs: list) -> str:
    found = -1
    for i in range(len(xs)):
        if xs[i] < 0:
            found = i
            break
    print(found)
    found = "none" if found < 0 else "at " + str(found)
    return found


# run: per_iteration(5)
# run: targets(["a", "b"])
# run: carried(10)
# run: carried(2)
# run: after_break([1, 2, -3])
# run: after_break([1, 2])
