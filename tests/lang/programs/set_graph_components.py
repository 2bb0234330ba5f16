"""Connected components with dict of adjacency lists and a visited set."""
from typing import Dict, List


def components(n: int) -> int:
    adj: Dict[int, List[int]] = {i: [] for i in range(n)}
    for i in range(0, n - 1, 3):
        adj[i].append(i + 1)
        adj[i + 1].append(i)
    seen = set()
    comps = 0
    for start in range(n):
        if start in seen:
            continue
        comps += 1
        stack = [start]
        seen.add(start)
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if v not in seen:
                    seen.add(v)
                    stack.append(v)
    return comps


# run: components(10)
# run: components(1)
