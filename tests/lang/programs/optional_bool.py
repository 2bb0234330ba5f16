"""Optional[bool]: three states."""
from typing import Optional


def tri(flag: Optional[bool]) -> int:
    if flag is None:
        return 0
    if flag:
        return 1
    return 2


def flip(flag: Optional[bool]) -> Optional[bool]:
    if flag is None:
        return None
    return not flag


# run: tri(None)
# run: tri(True)
# run: tri(False)
# run: flip(True)
# run: flip(False)
# run: flip(None)
