"""Integers to English words."""
from typing import List

def words(n: int) -> str:
    ones: List[str] = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
    tens: List[str] = " _ twenty thirty forty fifty sixty seventy eighty ninety".split(" ")
    if n < 0:
        return "minus " + words(-n)
    if n < 20:
        return ones[n]
    if n < 100:
        return tens[n // 10] + ("" if n % 10 == 0 else "-" + ones[n % 10])
    if n < 1000:
        rest = n % 100
        return ones[n // 100] + " hundred" + ("" if rest == 0 else " and " + words(rest))
    if n < 1000000:
        rest = n % 1000
        return words(n // 1000) + " thousand" + ("" if rest == 0 else " " + words(rest))
    return words(n // 1000000) + " million" + ("" if n % 1000000 == 0 else " " + words(n % 1000000))


# run: words(0)
# run: words(13)
# run: words(85)
# run: words(-406)
# run: words(1234567)
