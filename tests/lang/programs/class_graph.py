"""A graph of node objects holding lists of neighbour objects: breadth-first search with
a visited flag on the nodes, path lengths, objects compared with `is`."""
from typing import List, Optional


class Node:
    def __init__(self, ident: int):
        self.ident = ident
        self.edges: List[Node] = []
        self.seen = False
        self.dist = -1

    def link(self, other: "Node") -> None:
        self.edges.append(other)
        other.edges.append(self)


def ring(n: int) -> List[Node]:
    nodes = [Node(i) for i in range(n)]
    for i in range(n):
        nodes[i].link(nodes[(i + 1) % n])
    if n > 4:
        nodes[0].link(nodes[n // 2])
    return nodes


def bfs(n: int, target: int) -> int:
    nodes = ring(n)
    start = nodes[0]
    start.seen = True
    start.dist = 0
    queue: List[Node] = [start]
    head = 0
    found: Optional[Node] = None
    while head < len(queue):
        cur = queue[head]
        head += 1
        if cur.ident == target:
            found = cur
            break
        for nb in cur.edges:
            if not nb.seen:
                nb.seen = True
                nb.dist = cur.dist + 1
                queue.append(nb)
    if found is None:
        return -1
    return found.dist


def degree_sum(n: int) -> int:
    t = 0
    for node in ring(n):
        t += len(node.edges)
        for nb in node.edges:
            if nb is node:
                t += 1000
    return t


# run: bfs(10, 4)
# run: bfs(10, 7)
# run: bfs(3, 2)
# run: bfs(4, 9)
# run: degree_sum(6)
