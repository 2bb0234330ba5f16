# Refused: print(..., file=) of anything but sys.stdout and sys.stderr (pts has no file
# objects).
# call: f(1)
# error: 8: print's file= must be sys.stdout or sys.stderr in pts


def f(n, out=None):
    print(n, file=out)
    return n
