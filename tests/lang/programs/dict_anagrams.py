"""Group anagrams by their sorted letters."""
from typing import Dict, List


def anagrams(text: str) -> int:
    groups: Dict[str, List[str]] = {}
    for w in text.split():
        key = "".join(sorted(w))
        if key not in groups:
            groups[key] = []
        groups[key].append(w)
    for k in sorted(groups):
        print(k, groups[k])
    return len(groups)


# run: anagrams("eat tea tan ate nat bat")
