"""f-strings whose fields natively format in one call (backend/fstring_codegen.py): int,
float and str fields with widths, fills, alignments, signs, zero padding and precisions;
rounding ties and values past the exact fixed-point range; negative numbers and -0.0;
unicode text and fills; braces; conversions; bools; more fields than one call takes; a
field read twice; chains of str(x) + ... and a string grown by s += str(i)."""
from typing import List


def records(n: int) -> str:
    names = ["apple", "bänana", "日本", "", "elderberry-long-name"]
    out: List[str] = []
    for i in range(n):
        name = names[i % 5]
        qty = (i * 7919) % 1000 - 500
        price = (i % 1000) * 1.25 - 300.005
        out.append(f"{name:<10}|{qty:>6d}|{price:10.2f}|{name:*^9}|{qty:+05d}|{price:=+12.3f}")
    return "\n".join(out)


def ties(xs: List[float]) -> List[str]:
    out: List[str] = []
    for x in xs:
        out.append(f"{x:.0f} {x:.1f} {x:.2f} {x:.3f} {x:8.1F} {x:<9.2f}| {x:^11.4f}|{x:015.6f}")
    return out


def ints(xs: List[int]) -> List[str]:
    out: List[str] = []
    for v in xs:
        out.append(f"[{v}] [{v:d}] [{v:>12}] [{v:<8d}] [{v:^9d}] [{v:+d}] [{v: d}] [{v:08d}] "
                   f"[{v:x<7d}] [{v:0>6}] [{v:=10d}] [{v:<05d}]")
    return out


def mixed(s: str, k: int, x: float, flag: bool) -> str:
    a = f"{{literal}} {s!r:>12} {k} {x} {flag} {s}{s}"
    b = f"{k:5}{k:5}{s:.3}{x:g}{x:.2e}{k:,}{k:x}"
    return a + "\n" + b


def chains(n: int) -> str:
    names = ["apple", "bänana", "{x}"]
    out: List[str] = []
    s = ""
    for i in range(n):
        out.append(str(i) + "," + names[i % 3] + "," + str(i * 0.25 - 1.0) + "," + str(-i)
                   + "{}" + str(i % 2 == 0))
        s += str(i)                  # (grown in place, not fused)
        s = s + "|" + str(i * 2)
    return "\n".join(out) + s


def many(a: int, b: float, c: str) -> str:
    return (f"{a}{b}{c}{a:3}{b:.1f}{c:>4}{a}{b}{c}{a:3}{b:.1f}{c:>4}{a}{b}{c}{a:3}{b:.1f}"
            f"{c:>4}{a}{b}")


# run: records(12)
# run: ties([0.5, 1.5, 2.5, -0.5, 0.125, 0.375, 2.675, 1.005, 0.0005, -0.0005, 0.0, -0.0])
# run: ties([1e15, 9.2e17, 8.99e15, 1e16 + 2.0, 1e19, -1e19, 1e300, 123456789.987654321])
# run: ties([5e-324, 1e-7, 0.1, 0.7, -2.5e-16, 4503599627370495.5, math.inf, -math.inf, math.nan])
# run: ints([0, 7, -7, 123456, -123456, 9223372036854775807, -9223372036854775807 - 1])
# run: mixed("héllo", 42, 3.5, True)
# run: mixed("", -1, -0.0, False)
# run: many(3, 2.25, "zé")
# run: chains(25)
