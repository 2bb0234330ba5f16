"""The Benchmarks Game's fasta tables: a module-level list of (str, float) pairs read by a
loop that builds the cumulative table."""
from typing import List, Tuple

HOMOSAPIENS = [
    ("a", 0.3029549426680),
    ("c", 0.1979883004921),
    ("g", 0.1975473066391),
    ("t", 0.3015094502008),
]


def make_cumulative() -> Tuple[List[float], List[str]]:
    P = []
    C = []
    prob = 0.
    for char, p in HOMOSAPIENS:
        prob += p
        P += [prob]
        C += [char]
    return (P, C)


def pick(r: float) -> str:
    probs, chars = make_cumulative()
    for i in range(len(probs)):
        if r < probs[i]:
            return chars[i]
    return chars[-1]


# run: make_cumulative()
# run: pick(0.1)
# run: pick(0.6)
# run: pick(0.99999)
