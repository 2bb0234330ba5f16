# Refused: `in` on a list of Optionals (== between two Optionals is not supported).
# call: f(1)
# error: 8: 'in' on List[Optional[int]] is not supported

def f(v):
    from_list = [1, None]
    xs = from_list
    return v in xs
