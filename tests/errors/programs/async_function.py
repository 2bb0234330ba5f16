# Refused: coroutines are not part of the language.
# call: f(1)
# error: 5: 'async' is not supported

async def f(x):
    return x + 1
