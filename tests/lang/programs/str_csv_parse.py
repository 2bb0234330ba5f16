"""Parse CSV-like text: split lines and fields, convert numbers, aggregate, report."""
from typing import List


def totals(text: str) -> List[str]:
    names: List[str] = []
    sums: List[float] = []
    for line in text.strip().split("\n"):
        if not line or line.startswith("#"):
            continue
        fields = line.split(",")
        name = fields[0].strip()
        value = float(fields[1])
        qty = int(fields[2])
        k = -1
        for i in range(len(names)):
            if names[i] == name:
                k = i
        if k < 0:
            names.append(name)
            sums.append(value * qty)
        else:
            sums[k] += value * qty
    out: List[str] = []
    for i in range(len(names)):
        out.append(f"{names[i]}={sums[i]:.2f}")
    return out


# run: totals("# name,price,qty\napple, 0.5, 4\npear,1.25,2\napple,0.5,1\n\nfig,3,0\n")
# run: totals("a,x,1")
