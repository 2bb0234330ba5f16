"""replace with counts and empty patterns, removeprefix/removesuffix, expandtabs,
strip with character sets (ASCII and not)."""
from typing import List


def rep(s: str) -> List[str]:
    return [s.replace("a", "XY"), s.replace("a", "", 1), s.replace("", "-"), s.replace("", "+", 2),
            s.replace("é", "e", -1), s.replace("zz", "!")]


def misc(s: str) -> List[str]:
    return [s.removeprefix("ab"), s.removesuffix("é"), s.strip("aé"), s.lstrip("ab "),
            s.rstrip("é "), "a\tbc\td\n\tx".expandtabs(), ("ü\t" + s).expandtabs(4)]


# run: rep("banana é café")
# run: rep("")
# run: misc("abcdé")
# run: misc("  ab é  ")
# run: misc("")
