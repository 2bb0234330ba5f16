# Source: Rosetta Code, "Kaprekar numbers", Python
#   https://rosettacode.org/wiki/Kaprekar_numbers#Python
#   (acmeism/RosettaCodeData Task/Kaprekar-numbers/Python/kaprekar-numbers-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the interactive session's ">>> " prompts are dropped; its first list is main(limit).


def k(n):
	n2 = str(n**2)
	for i in range(len(n2)):
		a, b = int(n2[:i] or 0), int(n2[i:])
		if b and a + b == n:
			return n
			#return (n, (n2[:i], n2[i:]))


def main(limit):
	return [x for x in range(1,limit) if k(x)]


# run: main(10000)
