# Source: Rosetta Code, "Caesar cipher", Python
#   https://rosettacode.org/wiki/Caesar_cipher#Python
#   (acmeism/RosettaCodeData Task/Caesar-cipher/Python/caesar-cipher-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: none to caesar; the module-level Python 2 prints are main(), with print().


def caesar(s, k, decode = False):
	if decode: k = 26 - k
	return "".join([chr((ord(i) - 65 + k) % 26 + 65)
				for i in s.upper()
				if ord(i) >= 65 and ord(i) <= 90 ])


def main():
	msg = "The quick brown fox jumped over the lazy dogs"
	print(msg)
	enc = caesar(msg, 11)
	print(enc)
	print(caesar(enc, 11, decode = True))


# run: main()
# run: caesar("Hello, World", 3)
