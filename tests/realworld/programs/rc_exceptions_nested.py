# Source: Rosetta Code, "Exceptions/Catch an exception thrown in a nested call", Python
#   https://rosettacode.org/wiki/Exceptions/Catch_an_exception_thrown_in_a_nested_call#Python
#   (acmeism/RosettaCodeData Task/Exceptions-Catch-an-exception-thrown-in-a-nested-call/Python/exceptions-catch-an-exception-thrown-in-a-nested-call.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the Python 2 print statement is a print() call (as 2to3 writes it); the
#   module-level foo() is the run line.  As published, U1 escapes foo (the task's point).


class U0(Exception): pass
class U1(Exception): pass

def foo():
    for i in range(2):
        try:
            bar(i)
        except U0:
            print("Function foo caught exception U0")

def bar(i):
    baz(i) # Nest those calls

def baz(i):
    raise U1 if i else U0


# run: foo()
