"""Dict[int, List[int]]: adjacency lists, appended in place."""
from typing import Dict, List


def adjacency(n: int) -> int:
    adj: Dict[int, List[int]] = {}
    for i in range(n):
        adj[i] = []
    for i in range(n):
        adj[i].append((i + 1) % n)
        adj[(i + 1) % n].append(i)
    print(adj)
    return len(adj[0])


def groups(text: str) -> int:
    g: Dict[int, List[str]] = {}
    for w in text.split():
        if len(w) not in g:
            g[len(w)] = []
        g[len(w)].append(w)
    for k in sorted(g):
        print(k, g[k])
    return len(g)


# run: adjacency(4)
# run: groups("a bb cc d eee")
