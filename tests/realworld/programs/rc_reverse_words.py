# Source: Rosetta Code, "Reverse words in a string", Python
#   https://rosettacode.org/wiki/Reverse_words_in_a_string#Python
#   (acmeism/RosettaCodeData Task/Reverse-words-in-a-string/Python/reverse-words-in-a-string-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the module-level text and loop are main() (the published text's leading space, which
#   CPython refuses as an indentation error, is dropped).


def main():
    text = '''\
---------- Ice and Fire ------------

fire, in end will world the say Some
ice. in say Some
desire of tasted I've what From
fire. favor who those with hold I

... elided paragraph last ...

Frost Robert -----------------------'''

    for line in text.split('\n'): print(' '.join(line.split()[::-1]))


# run: main()
