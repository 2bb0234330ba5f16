"""A tokenizer and evaluator for + - * / and parentheses over int literals."""
from typing import List


def tokens(src: str) -> List[str]:
    out: List[str] = []
    i = 0
    while i < len(src):
        c = src[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            j = i
            while j < len(src) and src[j].isdigit():
                j += 1
            out.append(src[i:j])
            i = j
        elif c in "+-*/()":
            out.append(c)
            i += 1
        else:
            raise ValueError(f"unexpected character {c!r} at {i}")
    return out


def evaluate(src: str) -> int:
    toks = tokens(src)
    vals: List[int] = []
    ops: List[str] = []
    for t in toks + [")"]:
        if t.isdigit():
            vals.append(int(t))
        elif t == "(":
            ops.append(t)
        else:
            while ops and ops[len(ops) - 1] != "(" and (t in ")+-" or ops[len(ops) - 1] in "*/"):
                op = ops.pop()
                b = vals.pop()
                a = vals.pop()
                vals.append(a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a // b)
            if t == ")":
                if ops:
                    ops.pop()
            else:
                ops.append(t)
    return vals[0]


# run: tokens("12 + 3*(40 - 5)")
# run: evaluate("12 + 3*(40 - 5)")
# run: evaluate("2*3+4*5-6/2")
# run: tokens("1 + x")
