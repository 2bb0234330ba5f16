# Source: Rosetta Code, "Horner's rule for polynomial evaluation", Python
#   https://rosettacode.org/wiki/Horner%27s_rule_for_polynomial_evaluation#Python
#   (acmeism/RosettaCodeData Task/Horners-rule-for-polynomial-evaluation/Python/horners-rule-for-polynomial-evaluation-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the interactive session's ">>> " prompts are dropped; its call is the run line.


def horner(coeffs, x):
	acc = 0
	for c in reversed(coeffs):
		acc = acc * x + c
	return acc


# run: horner( (-19, 7, -4, 6), 3)
# run: horner([1.5, -2.0, 0.5], 2.0)
