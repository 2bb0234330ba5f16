"""Small analyses shared by the verifier and the passes.  None of them changes the IR.

- `reverse_postorder(f)`: the blocks reachable from the entry, each before its successors
  except along back edges.
- `dominators(f)`: the immediate dominator of every reachable block (the entry maps to
  None), by Cooper, Harvey and Kennedy's iterative algorithm ("A Simple, Fast Dominance
  Algorithm").  `dominates(idom, a, b)` and `dominator_tree(idom)` read its result.
- `uses(f)`: for every block parameter and instruction result, the instructions that read
  it (a branch reads its targets' arguments).
- `natural_loops(idom)`: each loop header with the blocks of its loop (an edge to a block
  that dominates its source is a back edge; its loop is the header plus every block that
  reaches the back edge without passing the header).
- `recursive_functions(m)`: the functions that can reach themselves through calls.
- `strongly_connected(graph)`: the strongly connected components of any directed graph.

An analysis result describes the IR at the moment it was computed; a pass that changes
the CFG or the operands recomputes what it needs.
"""
from __future__ import annotations

from pts.ir.core import Block, Const, Function, Instr, Module, Value


def reverse_postorder(f: Function) -> list[Block]:
    if not f.blocks:
        return []
    order: list[Block] = []
    seen = {f.blocks[0]}
    stack = [(f.blocks[0], iter(f.blocks[0].successors()))]
    while stack:
        block, succs = stack[-1]
        for s in succs:
            if s not in seen:
                seen.add(s)
                stack.append((s, iter(s.successors())))
                break
        else:
            stack.pop()
            order.append(block)
    order.reverse()
    return order


def reachable(f: Function) -> set[Block]:
    return set(reverse_postorder(f))


def dominators(f: Function) -> dict[Block, Block | None]:
    """Immediate dominators of the blocks reachable from the entry (entry -> None)."""
    rpo = reverse_postorder(f)
    if not rpo:
        return {}
    index = {b: n for n, b in enumerate(rpo)}
    preds: dict[Block, list[Block]] = {b: [] for b in rpo}
    for b in rpo:
        for s in b.successors():
            preds[s].append(b)
    entry = rpo[0]
    idom: dict[Block, Block] = {entry: entry}

    def intersect(a: Block, b: Block) -> Block:
        while a is not b:
            while index[a] > index[b]:
                a = idom[a]
            while index[b] > index[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for b in rpo[1:]:
            new = None
            for p in preds[b]:
                if p in idom:
                    new = p if new is None else intersect(p, new)
            if idom.get(b) is not new:
                idom[b] = new
                changed = True
    result: dict[Block, Block | None] = dict(idom)
    result[entry] = None
    return result


def dominates(idom: dict[Block, Block | None], a: Block, b: Block) -> bool:
    """Does `a` dominate `b` (every block dominates itself)?  Both must be reachable."""
    while b is not None:
        if b is a:
            return True
        b = idom[b]
    return False


def dominator_tree(idom: dict[Block, Block | None]) -> dict[Block, list[Block]]:
    """Children of each block in the dominator tree, in the order `idom` lists them."""
    children: dict[Block, list[Block]] = {b: [] for b in idom}
    for b, parent in idom.items():
        if parent is not None:
            children[parent].append(b)
    return children


def natural_loops(idom: dict[Block, Block | None]) -> dict[Block, set[Block]]:
    """Header -> the blocks of its loop (header included), for reachable blocks."""
    preds: dict[Block, list[Block]] = {b: [] for b in idom}
    for b in idom:
        for s in b.successors():
            preds[s].append(b)
    loops: dict[Block, set[Block]] = {}
    for p in idom:
        for h in p.successors():
            if not dominates(idom, h, p):
                continue
            body = loops.setdefault(h, {h})
            work = [p]
            while work:
                b = work.pop()
                if b in body:
                    continue
                body.add(b)
                work.extend(preds[b])
    return loops


def uses(f: Function) -> dict[Value, list[Instr]]:
    """Users of every block parameter and instruction result (an instruction reading a
    value twice is listed twice).  Values nobody reads map to []."""
    users: dict[Value, list[Instr]] = {}
    for b in f.blocks:
        for p in b.params:
            users[p] = []
        for i in b.instrs:
            if i.has_result:
                users.setdefault(i, [])
    for i in f.instructions():
        for v in i.operands():
            if not isinstance(v, Const):
                users.setdefault(v, []).append(i)
    return users


def has_tensor_code(m: Module) -> bool:
    """Does any function of m take, make or compute tensors?"""
    return any(function_has_tensor_code(f) for f in m)


def element_code(m: Module) -> bool:
    """Is m's tensor code in loops only element access: no kernel, and no loop makes an
    array (an op with an array result, an array stored into a selection)?  Those loops are
    scalar loops over elements (`x[i] > x[i + 1]`), which LLVM should treat as scalar code
    (backend.jit.codegen_for); an array made once outside them (`x.copy()`) is one call."""
    from pts.ir.types import TensorType
    accesses = False
    for f in m:
        if any(ins.op == "kernel" for ins in f.instructions()):
            return False
        idom = dominators(f)
        for body in natural_loops(idom).values():
            for b in body:
                for ins in b.instrs:
                    if isinstance(ins.type, TensorType) and ins.type.rank > 0:
                        return False
                    if ins.op == "np.setitem" and isinstance(ins.args[1].type, TensorType):
                        return False
                    accesses = accesses or ins.op in ("np.getitem", "np.setitem")
    return accesses


def function_has_tensor_code(f: Function) -> bool:
    from pts.ir.types import TensorType
    if any(isinstance(t, TensorType) for t in f.param_types):
        return True
    return any(ins.op.startswith("np.") or ins.op == "kernel" or isinstance(ins.type, TensorType)
               for ins in f.instructions())


def call_graph(m: Module) -> dict[str, set[str]]:
    """Callee names of every function (callees missing from the module are left out)."""
    graph: dict[str, set[str]] = {}
    for f in m:
        graph[f.name] = {i.attrs["callee"] for i in f.instructions()
                         if i.op in ("call", "kernel") and i.attrs.get("callee") in m.functions}
    return graph


def recursive_functions(m: Module) -> set[str]:
    """Names of functions on a cycle of the call graph (self-calls included)."""
    graph = call_graph(m)
    return {name for component in strongly_connected(graph)
            for name in component if len(component) > 1 or name in graph[name]}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of a directed graph (node -> successors, every
    successor a node), by Tarjan's algorithm, iteratively; each component is a list of
    its nodes, and a node on no cycle is a component of its own."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            for succ in it:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph[succ]))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == node:
                            break
                    components.append(component)
    return components


class Partition:
    """Disjoint sets of values (union-find): `union(a, b)` puts a's and b's sets together,
    `find(v)` names v's set by one of its members (the same member for every value of the
    set until the next union).  For the names of one array: views, block parameters."""

    def __init__(self):
        self.parent: dict = {}

    def find(self, v):
        while v in self.parent:
            v = self.parent[v]
        return v

    def union(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra is not rb:
            self.parent[ra] = rb
