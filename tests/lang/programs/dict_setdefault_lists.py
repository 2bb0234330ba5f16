"""setdefault with a list default, appended to (the stored list)."""
from typing import Dict, List


def index(text: str) -> int:
    d: Dict[str, List[int]] = {}
    for i, w in enumerate(text.split()):
        d.setdefault(w, []).append(i)
    print(d)
    return len(d)


# run: index("a b a c b a")
