"""A module-level list of strs read by index (Rosetta Code's number names): folded as a
constant where the code only reads it."""
SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
         "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
         "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def spell(n: int) -> str:
    if n < 20:
        return SMALL[n]
    if n < 100:
        a, b = divmod(n, 10)
        return TENS[a] + ("" if b == 0 else "-" + SMALL[b])
    a, b = divmod(n, 100)
    return SMALL[a] + " hundred" + ("" if b == 0 else " and " + spell(b))


def last_word(n: int) -> str:
    return SMALL[-1 - n % len(SMALL)]


# run: spell(0)
# run: spell(13)
# run: spell(40)
# run: spell(87)
# run: spell(305)
# run: spell(999)
# run: last_word(0)
# run: last_word(3)
# run: spell(20 * 100)
