"""math domain errors are ValueErrors, range errors OverflowErrors, both catchable."""
import math


def safe_sqrt(x: float) -> float:
    try:
        return math.sqrt(x)
    except ValueError as e:
        print("domain:", str(e))
        return -1.0


def safe_log(x: float) -> float:
    try:
        return math.log(x)
    except ValueError:
        return -math.inf


def safe_exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError as e:
        print(str(e))
        return math.inf


def arith(x: float) -> float:
    try:
        return math.exp(x)
    except ArithmeticError:
        return -1.0


# run: safe_sqrt(4.0)
# run: safe_sqrt(-4.0)
# run: safe_log(0.0)
# run: safe_log(-1.0)
# run: safe_log(math.e)
# run: safe_exp(1000.0)
# run: safe_exp(1.0)
# run: arith(1000.0)
