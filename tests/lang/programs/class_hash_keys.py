"""Objects as dict keys and set members, hashed by identity (CPython's default for a class
without __eq__/__hash__): per-node counts, a visited set in a graph walk, `in` tests."""
from typing import Dict, List


class Node:
    def __init__(self, name: str):
        self.name = name
        self.edges: List[Node] = []


def degrees(n: int) -> List[int]:
    nodes = [Node(str(i)) for i in range(n)]
    deg: Dict[Node, int] = {}
    for i in range(n):
        a = nodes[i]
        b = nodes[(i * i + 1) % n]
        deg[a] = deg.get(a, 0) + 1
        deg[b] = deg.get(b, 0) + 1
    return [deg[nd] for nd in nodes]


def reachable(n: int, start: int) -> str:
    nodes = [Node(chr(97 + i)) for i in range(n)]
    for i in range(n):
        nodes[i].edges.append(nodes[(i * 3) % n])
        nodes[i].edges.append(nodes[(i + 2) % n])
    seen = set()
    stack = [nodes[start]]
    order = ""
    while stack:
        nd = stack.pop()
        if nd in seen:
            continue
        seen.add(nd)
        order += nd.name
        for m in nd.edges:
            if m not in seen:
                stack.append(m)
    twin = Node(nodes[0].name)
    return f"{order} {len(seen)} {twin in seen} {nodes[start] in seen}"


# run: degrees(5)
# run: reachable(6, 0)
# run: reachable(7, 3)
