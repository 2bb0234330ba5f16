"""isdigit isalpha isspace isalnum islower isupper istitle isdecimal isnumeric."""
from typing import List


def preds(xs: List[str]) -> List[bool]:
    out: List[bool] = []
    for s in xs:
        out = out + [s.isdigit(), s.isalpha(), s.isspace(), s.isalnum(), s.islower(),
                    s.isupper(), s.istitle(), s.isdecimal(), s.isnumeric()]
    return out


# run: preds(["123", "abc", "   ", "a1", "", "ABC", "Title Case", "½", "²", "é", "\t\n"])
