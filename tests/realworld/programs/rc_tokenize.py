# Source: Rosetta Code, "Tokenize a string", Python
#   https://rosettacode.org/wiki/Tokenize_a_string#Python
#   (acmeism/RosettaCodeData Task/Tokenize-a-string/Python/tokenize-a-string-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the module-level script is main().


def main():
    text = "Hello,How,Are,You,Today"
    tokens = text.split(',')
    print ('.'.join(tokens))


# run: main()
