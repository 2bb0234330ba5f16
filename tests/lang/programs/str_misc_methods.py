"""splitlines, removeprefix, removesuffix, expandtabs, capitalize, rpartition, rindex."""
from typing import List


def misc(s: str) -> List[str]:
    return [str(s.splitlines()), s.removeprefix("ab"), s.removesuffix("yz"), s.expandtabs(4),
            s.capitalize(), str(s.rpartition("/")), str(s.rindex("b") if "b" in s else -1)]


# run: misc("abc\tdef\nxyz")
# run: misc("ab/cd/ef\r\nlast yz")
# run: misc("")
