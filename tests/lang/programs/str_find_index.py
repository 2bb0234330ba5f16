"""find, rfind, index, rindex with bounds; index raises ValueError when absent."""
from typing import List


def finds(s: str, sub: str) -> List[int]:
    return [s.find(sub), s.rfind(sub), s.find(sub, 3), s.rfind(sub, 0, 4), s.find(""),
            s.rfind(""), s.find(sub, -4), s.find(sub, 2, None)]


def index(s: str, sub: str) -> int:
    return s.index(sub) * 100 + s.rindex(sub)


# run: finds("abracadabra", "abra")
# run: finds("abracadabra", "z")
# run: finds("", "")
# run: index("abracadabra", "ca")
# run: index("abracadabra", "x")
