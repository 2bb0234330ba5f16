"""remove (KeyError), discard (quiet), pop (KeyError when empty)."""
def rm(k: int) -> int:
    s = {1, 2, 3}
    s.discard(k)
    s.discard(100)
    print(sorted(s))
    s.remove(k)
    return len(s)


def pop_all(n: int) -> int:
    s = {i * i for i in range(n)}
    t = 0
    while s:
        t += s.pop()
    return t


def pop_empty(n: int) -> int:
    s = {n}
    s.pop()
    return s.pop()


def remove_str(k: str) -> int:
    s = {"a", "b"}
    s.remove(k)
    return len(s)


# run: rm(2)
# run: rm(5)
# run: pop_all(5)
# run: pop_empty(1)
# run: remove_str("a")
# run: remove_str("c")
