"""A binary search tree: Optional child fields, recursion through methods, a method on
None raising AttributeError, `is None` tests refining fields read into variables."""
from typing import List, Optional


class Tree:
    def __init__(self, key: int):
        self.key = key
        self.left: Optional[Tree] = None
        self.right: Optional[Tree] = None

    def insert(self, k: int) -> None:
        if k < self.key:
            if self.left is None:
                self.left = Tree(k)
            else:
                self.left.insert(k)
        else:
            if self.right is None:
                self.right = Tree(k)
            else:
                self.right.insert(k)

    def inorder(self, out: List[int]) -> None:
        left = self.left
        if left is not None:
            left.inorder(out)
        out.append(self.key)
        right = self.right
        if right is not None:
            right.inorder(out)

    def height(self) -> int:
        hl = 0 if self.left is None else self.left.height()
        hr = 0 if self.right is None else self.right.height()
        return 1 + max(hl, hr)


def build(keys: List[int]) -> Tree:
    t = Tree(keys[0])
    for k in keys[1:]:
        t.insert(k)
    return t


def sort(keys: List[int]) -> List[int]:
    out: List[int] = []
    build(keys).inorder(out)
    return out


def height(keys: List[int]) -> int:
    return build(keys).height()


def leftmost_child(keys: List[int]) -> int:
    return build(keys).left.left.key


# run: sort([5, 3, 8, 1, 4, 9, 7])
# run: height([5, 3, 8, 1, 4, 9, 7])
# run: height([1, 2, 3, 4])
# run: leftmost_child([5, 3, 1])
# run: leftmost_child([5, 3])
