"""Breadth-first search over a Dict[int, List[int]] with a visited set."""
from typing import Dict, List


def bfs(n: int) -> int:
    adj: Dict[int, List[int]] = {}
    for i in range(n):
        adj[i] = [(i * 7 + 1) % n, (i * 3 + 2) % n]
    dist = {0: 0}
    seen = {0}
    q = [0]
    head = 0
    while head < len(q):
        u = q[head]
        head += 1
        for v in adj[u]:
            if v not in seen:
                seen.add(v)
                dist[v] = dist[u] + 1
                q.append(v)
    print(len(seen), max(dist.values()))
    return sum(dist.values())


# run: bfs(10)
# run: bfs(50)
