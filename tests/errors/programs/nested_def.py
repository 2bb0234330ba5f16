# Refused: functions must be defined at module level.
# call: f(2)
# error: 7: 'nested def' is not supported

def f(x):
    total = x + 1
    def g(y):
        return y * 2
    return g(total)
