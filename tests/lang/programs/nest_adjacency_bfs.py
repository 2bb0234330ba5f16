"""A graph as an adjacency list (List[List[int]]): BFS distances."""
from typing import List


def bfs(adj: List[List[int]], start: int) -> List[int]:
    dist = [-1] * len(adj)
    dist[start] = 0
    queue = [start]
    head = 0
    while head < len(queue):
        u = queue[head]
        head += 1
        for v in adj[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def ring(n: int) -> List[int]:
    adj: List[List[int]] = [[] for _ in range(n)]
    for i in range(n):
        adj[i].append((i + 1) % n)
        adj[(i + 1) % n].append(i)
    return bfs(adj, 0)


# run: bfs([[1, 2], [3], [3], []], 0)
# run: ring(7)
