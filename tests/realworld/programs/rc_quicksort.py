# Source: Rosetta Code, "Sorting algorithms/Quicksort", Python
#   https://rosettacode.org/wiki/Sorting_algorithms/Quicksort#Python
#   (acmeism/RosettaCodeData Task/Sorting-algorithms-Quicksort/Python/sorting-algorithms-quicksort-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: `from typing import List` and the return annotation `-> List[int]` (a recursive
#   function needs one, and pts refuses the bare `-> list`); the
#   module-level example is main().
from typing import List


def quick_sort(sequence) -> List[int]:
    lesser = []
    equal = []
    greater = []
    if len(sequence) <= 1:
        return sequence
    pivot = sequence[0]
    for element in sequence:
        if element < pivot:
            lesser.append(element)
        elif element > pivot:
            greater.append(element)
        else:
            equal.append(element)
    lesser = quick_sort(lesser)
    greater = quick_sort(greater)
    return lesser + equal + greater


def main():
    a = [4, 65, 2, -31, 0, 99, 83, 782, 1]
    a = quick_sort(a)
    return a


# run: main()
