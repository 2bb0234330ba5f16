"""Dijkstra on a list of (weight, node) edge lists, with a sorted frontier."""
from typing import List, Tuple


def dijkstra(edges: List[Tuple[int, int, float]], n: int) -> List[float]:
    adj: List[List[Tuple[float, int]]] = [[] for _ in range(n)]
    for a, b, w in edges:
        adj[a].append((w, b))
        adj[b].append((w, a))
    dist = [1e300] * n
    dist[0] = 0.0
    frontier = [(0.0, 0)]
    while frontier:
        frontier.sort()
        d, u = frontier.pop(0)
        if d > dist[u]:
            continue
        for w, v in adj[u]:
            if d + w < dist[v]:
                dist[v] = d + w
                frontier.append((d + w, v))
    return dist


# run: dijkstra([(0, 1, 1.5), (1, 2, 2.0), (0, 2, 4.0), (2, 3, 0.5)], 4)
