# Source: Rosetta Code, "Longest common subsequence", Python (recursive)
#   https://rosettacode.org/wiki/Longest_common_subsequence#Python
#   (acmeism/RosettaCodeData Task/Longest-common-subsequence/Python/longest-common-subsequence-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the return annotation `-> str` (a recursive function needs one).


def lcs(xstr, ystr) -> str:
    """
    >>> lcs('thisisatest', 'testing123testing')
    'tsitest'
    """
    if not xstr or not ystr:
        return ""
    x, xs, y, ys = xstr[0], xstr[1:], ystr[0], ystr[1:]
    if x == y:
        return str(lcs(xs, ys)) + x
    else:
        return max(lcs(xstr, ys), lcs(xs, ystr), key=len)


# run: lcs('thisisatest', 'testing')
# run: lcs('1234', '1224533324')
