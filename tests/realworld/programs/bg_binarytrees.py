# Source: the Computer Language Benchmarks Game, binary-trees Python 3
#   (Antoine Pitrou, Dominique Wahli, Daniel Nanz, Joerg Baumann);
#   Byron/benchmarksgame-cvs-mirror bench/binarytrees/binarytrees.python3
# Licence: BSD-3-Clause (the Computer Language Benchmarks Game, revised BSD licence)
# Changes: return annotations on the recursive functions; main's multiprocessing pool is
#   dropped (the program's own fallback when there is one CPU: chunkmap = map), so main
#   starts at max_depth; the module-level call is the run line.


def make_tree(i, d) -> tuple:

    if d > 0:
        d -= 1
        return (i, make_tree(i, d), make_tree(i + 1, d))
    return (i, None, None)


def check_tree(node) -> int:

    (i, l, r) = node
    if l is None:
        return 1
    else:
        return 1 + check_tree(l) + check_tree(r)


def make_check(itde, make=make_tree, check=check_tree):

    i, d = itde
    return check(make(i, d))


def get_argchunks(i, d, chunksize=5000):

    assert chunksize % 2 == 0
    chunk = []
    for k in range(1, i + 1):
        chunk.extend([(k, d)])
        if len(chunk) == chunksize:
            yield chunk
            chunk = []
    if len(chunk) > 0:
        yield chunk


def main(n, min_depth=4):

    max_depth = max(min_depth + 2, n)
    stretch_depth = max_depth + 1
    chunkmap = map

    print('stretch tree of depth {0}\t check: {1}'.format(
          stretch_depth, make_check((0, stretch_depth))))

    long_lived_tree = make_tree(0, max_depth)

    mmd = max_depth + min_depth
    for d in range(min_depth, stretch_depth, 2):
        i = 2 ** (mmd - d)
        cs = 0
        for argchunk in get_argchunks(i,d):
            cs += sum(chunkmap(make_check, argchunk))
        print('{0}\t trees of depth {1}\t check: {2}'.format(i, d, cs))

    print('long lived tree of depth {0}\t check: {1}'.format(
          max_depth, check_tree(long_lived_tree)))


# run: main(6)
