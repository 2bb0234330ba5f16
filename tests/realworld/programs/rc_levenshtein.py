# Source: Rosetta Code, "Levenshtein distance", Python
#   https://rosettacode.org/wiki/Levenshtein_distance#Python
#   (acmeism/RosettaCodeData Task/Levenshtein-distance/Python/levenshtein-distance-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the module-level prints are wrapped in main().


def levenshteinDistance(s1,s2):
    if len(s1) > len(s2):
        s1,s2 = s2,s1
    distances = range(len(s1) + 1)
    for index2,char2 in enumerate(s2):
        newDistances = [index2+1]
        for index1,char1 in enumerate(s1):
            if char1 == char2:
                newDistances.append(distances[index1])
            else:
                newDistances.append(1 + min((distances[index1],
                                             distances[index1+1],
                                             newDistances[-1])))
        distances = newDistances
    return distances[-1]


def main():
    print(levenshteinDistance("kitten","sitting"))
    print(levenshteinDistance("rosettacode","raisethysword"))


# run: main()
