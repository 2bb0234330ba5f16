# Source: Rosetta Code, "Temperature conversion", Python
#   https://rosettacode.org/wiki/Temperature_conversion#Python
#   (acmeism/RosettaCodeData Task/Temperature-conversion/Python/temperature-conversion-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the interactive loop's body is convert(k): the Kelvin value is its parameter instead of
#   `float(input('K ? '))`; the print is unchanged.


def convert(k):
	print("%g Kelvin = %g Celsius = %g Fahrenheit = %g Rankine degrees."
	      % (k, k - 273.15, k * 1.8 - 459.67, k * 1.8))


# run: convert(21.0)
# run: convert(222.2)
# run: convert(0.0)
# run: convert(1e-7)
# run: convert(123456789.0)
