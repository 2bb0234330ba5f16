"""A split/strip/int parser over CSV-ish text and a report built from it."""
from typing import List


def report(text: str) -> str:
    names: List[str] = []
    totals: List[int] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, rest = line.partition(":")
        for field in rest.split(","):
            field = field.strip()
            if field.isdigit() or (field.startswith("-") and field[1:].isdigit()):
                name = name.strip().title()
                k = -1
                for i in range(len(names)):
                    if names[i] == name:
                        k = i
                if k >= 0:
                    totals[k] += int(field)
                else:
                    names.append(name)
                    totals.append(int(field))
    out: List[str] = []
    for i in range(len(names)):
        out.append("%-8s%6d" % (names[i], totals[i]))
    return "\n".join(out)


# run: report("# stock\nalice: 1, 2, x, 3\nbob : -4,5\n\nALICE:10\nzoë: 7")
# run: report("")
