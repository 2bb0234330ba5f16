"""strip, lstrip, rstrip with default whitespace and with a set of characters."""
from typing import List


def strips(s: str, chars: str) -> List[str]:
    return [s.strip(), s.lstrip(), s.rstrip(), s.strip(chars), s.lstrip(chars),
            s.rstrip(chars), s.strip(None), "[" + s.strip("") + "]"]


# run: strips("  \t hello world \n ", "dh ")
# run: strips("xxhixx", "x")
# run: strips("", "abc")
# run: strips("\u3000全角\u3000", "角")
