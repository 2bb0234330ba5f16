"""Non-ASCII letters: lengths count code points; indexing, slicing, case mapping."""
from typing import List


def info(s: str) -> List[str]:
    return [str(len(s)), s[0], s[-1], s[1:4], s.upper(), s.lower(), s[::-1], str(s.isalpha())]


# run: info("héllo")
# run: info("Ωμέγα")
# run: info("Straße")
# run: info("naïveté")
