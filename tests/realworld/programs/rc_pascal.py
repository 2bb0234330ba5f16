# Source: Rosetta Code, "Pascal's triangle", Python
#   https://rosettacode.org/wiki/Pascal%27s_triangle#Python
#   (acmeism/RosettaCodeData Task/Pascals-triangle/Python/pascals-triangle-2.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the module-level loop is main().


def scan(op, seq, it):
  a = []
  result = it
  a.append(it)
  for x in seq:
    result = op(result, x)
    a.append(result)
  return a

def pascal(n):
    def nextrow(row, x):
        return [l+r for l,r in zip(row+[0,],[0,]+row)]

    return scan(nextrow, range(n-1), [1,])


def main():
  for row in pascal(4):
      print(row)


# run: main()
