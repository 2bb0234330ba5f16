# Source: Rosetta Code, "Sorting algorithms/Bubble sort", Python
#   https://rosettacode.org/wiki/Sorting_algorithms/Bubble_sort#Python
#   (acmeism/RosettaCodeData Task/Sorting-algorithms-Bubble-sort/Python/sorting-algorithms-bubble-sort.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: none to bubble_sort; the page's `__main__` test (random.shuffle, then two
#   asserts) is the function `test()`; the other run lines pass fixed shuffled lists.
import random


def bubble_sort(seq):
    """Inefficiently sort the mutable sequence (list) in place.
       seq MUST BE A MUTABLE SEQUENCE.

       As with list.sort() and random.shuffle this does NOT return
    """
    changed = True
    while changed:
        changed = False
        for i in range(len(seq) - 1):
            if seq[i] > seq[i+1]:
                seq[i], seq[i+1] = seq[i+1], seq[i]
                changed = True
    return seq


def test():
    testset = [_ for _ in range(100)]
    testcase = testset[:] # make a copy
    random.shuffle(testcase)
    assert testcase != testset  # we've shuffled it
    bubble_sort(testcase)
    assert testcase == testset  # we've unshuffled it back into a copy


# run: test()
# run: bubble_sort([5, 3, 9, 1, 1, 8, -2, 7, 0, 6, 4, 2])
# run: bubble_sort([2.5, -1.0, 2.5, 0.0])
# run: bubble_sort([])
