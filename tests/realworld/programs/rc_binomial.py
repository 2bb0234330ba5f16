# Source: Rosetta Code, "Evaluate binomial coefficients", Python
#   https://rosettacode.org/wiki/Evaluate_binomial_coefficients#Python
#   (acmeism/RosettaCodeData Task/Evaluate-binomial-coefficients/Python/evaluate-binomial-coefficients-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: none; the `__main__` print is the first run line.  `binomialCoeff(5, 0)` is 1 in
#   CPython and 1.0 in pts (a variable that is int, then float, is a float: a documented
#   difference), so its run line compares as float (the `# float` marker of tests/lang).


def binomialCoeff(n, k):
    result = 1
    for i in range(1, k+1):
        result = result * (n-i+1) / i
    return result


# run: binomialCoeff(5, 3)
# run: binomialCoeff(40, 20)
# run: binomialCoeff(5, 0)  # float
