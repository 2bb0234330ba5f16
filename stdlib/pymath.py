"""CPython's `math` functions and number builtins that are not one libm call, written in the
pts language (frontend/check_numbers.py routes `math.gcd(a, b)`, `round(x, 2)`, `divmod`,
`pow(a, b, m)` ... here).

Contract: each function takes plain Python numbers (the checker converts numpy scalars and
bools first) and computes CPython 3.11's result bit for bit, raising CPython's exception
with CPython's message.  They are ports of Modules/mathmodule.c and Objects/floatobject.c
(the same steps in the same order, so the same roundings), except where a result does not
fit the 64-bit int: `factorial`, `comb`, `perm` then raise OverflowError instead of
wrapping (a wrapped product would be a wrong answer, not a Python one).

They are compiled like user code (and run eagerly as plain Python in tests of this file):
an exception raised here points at this file's line, with the user's message.
"""
from __future__ import annotations

import math
from typing import List, Tuple

import numpy as np

INT_MAX = 9223372036854775807


# ---------------------------------------------------------------- integers

def gcd(a: int, b: int) -> int:
    a = abs(a)
    b = abs(b)
    while b != 0:
        a, b = b, a % b
    return a


def lcm(a: int, b: int) -> int:
    if a == 0 or b == 0:
        return 0
    return abs(a // gcd(a, b) * b)


def factorial(n: int) -> int:
    if n < 0:
        raise ValueError("factorial() not defined for negative values")
    if n > 20:
        raise OverflowError("int too large for a 64-bit pts int")
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


def _mul_checked(a: int, b: int) -> int:
    # a, b >= 0; the exact product or OverflowError
    if b != 0 and a > INT_MAX // b:
        raise OverflowError("int too large for a 64-bit pts int")
    return a * b


def comb(n: int, k: int) -> int:
    if n < 0:
        raise ValueError("n must be a non-negative integer")
    if k < 0:
        raise ValueError("k must be a non-negative integer")
    if k > n:
        return 0
    k = min(k, n - k)
    r = 1
    for i in range(1, k + 1):
        # r * (n - k + i) / i is C(n - k + i, i), an integer: divide i's common factor with
        # r out of r first, the rest of i divides n - k + i
        m = n - k + i
        g = gcd(r, i)
        r = _mul_checked(r // g, m // (i // g))
    return r


def perm(n: int, k: int) -> int:
    if n < 0:
        raise ValueError("n must be a non-negative integer")
    if k < 0:
        raise ValueError("k must be a non-negative integer")
    if k > n:
        return 0
    r = 1
    for i in range(n - k + 1, n + 1):
        r = _mul_checked(r, i)
    return r


def perm1(n: int) -> int:
    if n < 0:
        raise ValueError("n must be a non-negative integer")
    return perm(n, n)


def isqrt(n: int) -> int:
    if n < 0:
        raise ValueError("isqrt() argument must be nonnegative")
    if n == 0:
        return 0
    r = int(math.sqrt(float(n)))
    # the float estimate is within a few units: correct it without overflowing r * r
    while r > n // r:
        r -= 1
    while r + 1 <= n // (r + 1):
        r += 1
    return r


def _addmod(a: int, b: int, m: int) -> int:
    # (a + b) % m for 0 <= a, b < m, without overflow
    if a >= m - b:
        return a - (m - b)
    return a + b


def _mulmod(a: int, b: int, m: int) -> int:
    # (a * b) % m for 0 <= a, b < m: double and add where the product could overflow
    if a < 3037000499 and b < 3037000499:
        return a * b % m
    r = 0
    while b > 0:
        if b & 1:
            r = _addmod(r, a, m)
        a = _addmod(a, a, m)
        b >>= 1
    return r


def _inverse(a: int, m: int) -> int:
    # extended Euclid: x with a * x = 1 (mod m)
    t = 0
    newt = 1
    r = m
    newr = a
    while newr != 0:
        q = r // newr
        t, newt = newt, t - q * newt
        r, newr = newr, r - q * newr
    if r != 1:
        raise ValueError("base is not invertible for the given modulus")
    return t % m


def pow_mod(base: int, exp: int, mod: int) -> int:
    """pow(base, exp, mod) as CPython 3.8+: a negative exp takes the modular inverse; the
    result has the sign of mod."""
    if mod == 0:
        raise ValueError("pow() 3rd argument cannot be 0")
    m = abs(mod)
    b = base % m
    if exp < 0:
        b = _inverse(b, m)
        exp = -exp
    r = 1 % m
    while exp > 0:
        if exp & 1:
            r = _mulmod(r, b, m)
        b = _mulmod(b, b, m)
        exp >>= 1
    if mod < 0 and r != 0:
        r += mod
    return r


# ---------------------------------------------------------------- floats

def trunc(x: float) -> int:
    return int(x)


def degrees(x: float) -> float:
    return x * (180.0 / math.pi)


def radians(x: float) -> float:
    return x * (math.pi / 180.0)


def isclose(a: float, b: float, rel_tol: float = 1e-09, abs_tol: float = 0.0) -> bool:
    if rel_tol < 0.0 or abs_tol < 0.0:
        raise ValueError("tolerances must be non-negative")
    if a == b:
        return True
    if math.isinf(a) or math.isinf(b):
        return False
    diff = math.fabs(b - a)
    return (diff <= math.fabs(rel_tol * b)) or (diff <= math.fabs(rel_tol * a)) or diff <= abs_tol


def modf(x: float) -> Tuple[float, float]:
    if math.isinf(x):
        return math.copysign(0.0, x), x
    if math.isnan(x):
        return x, x
    if math.fabs(x) >= 4503599627370496.0:       # 2**52: x is an integer
        return math.copysign(0.0, x), x
    whole = math.copysign(float(int(x)), x)
    return math.copysign(x - whole, x), whole


def frexp(x: float) -> Tuple[float, int]:
    if x == 0.0 or math.isnan(x) or math.isinf(x):
        return x, 0
    m = math.fabs(x)
    e = 0
    if m < 2.2250738585072014e-308:             # subnormal: make it normal first (exact)
        m *= 18014398509481984.0                 # 2**54
        e = -54
    while m >= 18446744073709551616.0:           # steps of 2**64, then of 2: all exact
        m *= 5.421010862427522e-20
        e += 64
    while m < 5.421010862427522e-20:
        m *= 18446744073709551616.0
        e -= 64
    while m >= 1.0:
        m *= 0.5
        e += 1
    while m < 0.5:
        m *= 2.0
        e -= 1
    return math.copysign(m, x), e


def ldexp(x: float, i: int) -> float:
    if x == 0.0 or math.isnan(x) or math.isinf(x):
        return x
    m, e = frexp(x)
    n = e + i
    if n > 1024:
        raise OverflowError("math range error")
    if n < -1074:
        # |x * 2**i| < 2**-1075: rounds to zero (a tie at exactly 2**-1075 rounds to even 0)
        return math.copysign(0.0, x)
    # one rounding: 2.0 ** n is exact for -1074 <= n <= 1023, so m * 2**n is rounded once
    # (only when it is subnormal); 2m is exact
    r = (m * 2.0) * 2.0 ** (n - 1) if n > 1000 else m * 2.0 ** n
    if math.isinf(r):
        raise OverflowError("math range error")
    return r


def remainder(x: float, y: float) -> float:
    """CPython's m_remainder: x - n*y for n the integer nearest x/y (ties to even)."""
    if math.isfinite(x) and math.isfinite(y):
        if y == 0.0:
            raise ValueError("math domain error")
        absx = math.fabs(x)
        absy = math.fabs(y)
        m = math.fmod(absx, absy)
        c = absy - m
        r = 0.0
        if m < c:
            r = m
        elif m > c:
            r = -c
        else:
            # half-way: the even multiple of absy (its fmod is exact)
            r = m - 2.0 * math.fmod(0.5 * (absx - m), absy)
        return math.copysign(1.0, x) * r
    if math.isnan(x):
        return x
    if math.isnan(y):
        return y
    if math.isinf(x):
        raise ValueError("math domain error")
    return x


def ulp(x: float) -> float:
    if math.isnan(x):
        return x
    x = math.fabs(x)
    if math.isinf(x):
        return x
    x2 = math.nextafter(x, math.inf)
    if math.isinf(x2):
        # x is the largest finite float
        x2 = math.nextafter(x, -math.inf)
        return x - x2
    return x2 - x


def fsum(xs) -> float:
    """Shewchuk's exact summation as CPython's math_fsum (msum), partials and all."""
    p: List[float] = []
    special_sum = 0.0
    inf_sum = 0.0
    for v in xs:
        x = float(v)
        xsave = x
        i = 0
        for j in range(len(p)):
            y = p[j]
            if math.fabs(x) < math.fabs(y):
                x, y = y, x
            hi = x + y
            yr = hi - x
            lo = y - yr
            if lo != 0.0:
                p[i] = lo
                i += 1
            x = hi
        while len(p) > i:
            p.pop()
        if x != 0.0:
            if not math.isfinite(x):
                # a nonfinite x: an intermediate overflow, or a nan or inf among the summands
                if math.isfinite(xsave):
                    raise OverflowError("intermediate overflow in fsum")
                if math.isinf(xsave):
                    inf_sum += xsave
                special_sum += xsave
                while len(p) > 0:
                    p.pop()
            else:
                p.append(x)
    if special_sum != 0.0:
        if math.isnan(inf_sum):
            raise ValueError("-inf + inf in fsum")
        return special_sum
    hi = 0.0
    n = len(p)
    if n > 0:
        n -= 1
        hi = p[n]
        lo = 0.0
        # sum_exact from the top, stopping when the sum becomes inexact
        while n > 0:
            x = hi
            n -= 1
            y = p[n]
            hi = x + y
            yr = hi - x
            lo = y - yr
            if lo != 0.0:
                break
        # half-even rounding across several partials
        if n > 0 and ((lo < 0.0 and p[n - 1] < 0.0) or (lo > 0.0 and p[n - 1] > 0.0)):
            y = lo * 2.0
            x = hi + y
            yr = x - hi
            if y == yr:
                hi = x
    return hi


def prod(xs, start):
    r = start
    for v in xs:
        r = r * v
    return r


# ---------------------------------------------------------------- builtins

def divmod_int(a: int, b: int) -> Tuple[int, int]:
    return a // b, a % b


def divmod_float(a: float, b: float) -> Tuple[float, float]:
    if b == 0.0:
        raise ZeroDivisionError("float divmod()")
    return a // b, a % b


def divmod_numpy(a, b):
    # numpy scalars: numpy's arithmetic (a zero divisor gives inf/nan, not an exception)
    return a // b, a % b


def _rint(x: float) -> float:
    """x rounded to the nearest integer, ties to even, as a float (libm's rint)."""
    if not math.isfinite(x) or math.fabs(x) >= 4503599627370496.0:
        return x
    r = math.copysign(float(int(x)), x)          # toward zero
    d = x - r                                    # exact, |d| < 1
    if d > 0.5 or (d == 0.5 and int(r) % 2 != 0):
        r += 1.0
    elif d < -0.5 or (d == -0.5 and int(r) % 2 != 0):
        r -= 1.0
    return math.copysign(r, x)


def round_float(x: float) -> int:
    # float.__round__(None): ties to even, then int() (nan and inf raise as int() does)
    return int(_rint(x))


def round_int(x: int, ndigits: int) -> int:
    if ndigits >= 0 or x == 0:
        return x
    if ndigits < -18:
        return 0
    q = 1
    for _ in range(-ndigits):
        q *= 10
    r = x % q                                    # x = k*q + r, 0 <= r < q
    k = x // q
    if 2 * r > q or (2 * r == q and k % 2 != 0):
        k += 1
    return k * q


def _digits_up(s: str) -> str:
    # the decimal string s plus one
    out = ""
    i = len(s) - 1
    while i >= 0 and s[i] == "9":
        out = "0" + out
        i -= 1
    if i < 0:
        return "1" + out
    return s[:i] + chr(ord(s[i]) + 1) + out


def round_float_digits(x: float, ndigits: int) -> float:
    """float.__round__(x, ndigits): the decimal value of x rounded half-even at ndigits,
    correctly rounded (CPython's double_round: dtoa in mode 3, then strtod)."""
    if x == 0.0 or not math.isfinite(x):      # nans and infinities round to themselves
        return x
    if ndigits > 323:
        return x
    if ndigits < -308:
        return 0.0 * x
    if ndigits >= 0:
        # format's 'f' is the same correctly rounded dtoa (mode 3)
        return float(format(x, "." + str(ndigits) + "f"))
    k = -ndigits
    ax = math.fabs(x)
    if ax < 4503599627370496.0:
        # below 2**52: the integer part and the fraction decide exactly
        whole = int(ax)
        frac = ax - float(whole)
        if k > 18:
            return math.copysign(0.0, x)
        q = 1
        for _ in range(k):
            q *= 10
        r = whole % q
        kq = whole // q
        if 2 * r > q or (2 * r == q and (frac > 0.0 or kq % 2 != 0)):
            kq += 1
        return math.copysign(float(kq * q), x)
    # an integer: round its exact decimal digits
    s = format(ax, ".0f")
    n = len(s)
    if k > n:
        return math.copysign(0.0, x)
    head = s[:n - k]
    tail = s[n - k:]
    half = "5" + "0" * (k - 1)
    odd = len(head) > 0 and (ord(head[len(head) - 1]) - 48) % 2 != 0
    if tail > half or (tail == half and odd):
        head = _digits_up(head)
    if head == "":
        return math.copysign(0.0, x)
    return math.copysign(float(head + "0" * k), x)


def round_numpy_digits(x: float, ndigits: int):
    """np.float64.__round__(x, ndigits): numpy's np.round, scale, rint, unscale (not
    correctly rounded: round(np.float64(2.675), 2) is 2.68)."""
    if ndigits >= 0:
        f = 10.0 ** ndigits
        return np.float64(_rint(x * f) / f)
    f = 10.0 ** -ndigits
    return np.float64(_rint(x / f) * f)


# ---------------------------------------------------------------- hypot (n-ary), dist

def _vector_norm(v: List[float]) -> float:
    """CPython 3.11's vector_norm of absolute values v (math.hypot with 2 arguments is
    the same algorithm in backend/codegen.py's ModuleCodegen.hypot)."""
    n = len(v)
    mx = 0.0
    found_nan = False
    for x in v:
        if math.isnan(x):
            found_nan = True
        if x > mx:
            mx = x
    if math.isinf(mx):
        return mx
    if found_nan:
        return math.nan
    if mx == 0.0 or n <= 1:
        return mx
    if mx < 5.562684646268003e-309:              # 2**-1024: frexp's exponent < -1023
        csum = 1.0
        frac1 = 0.0
        for x in v:
            q = x / mx
            q = q * q
            new = csum + q
            frac1 += (csum - new) + q
            csum = new
        return mx * math.sqrt(csum - 1.0 + frac1)
    m, e = frexp(mx)
    scale = ldexp(1.0, -e)
    csum = 1.0
    frac1 = 0.0
    frac2 = 0.0
    frac3 = 0.0
    for x in v:
        x = x * scale
        # Veltkamp-Dekker split: x*x exactly as hi*hi + 2*hi*lo + lo*lo
        t = x * 134217729.0
        hi = t - (t - x)
        lo = x - hi
        y = hi * hi
        old = csum
        csum += y
        frac1 += (old - csum) + y
        y = 2.0 * hi * lo
        old = csum
        csum += y
        frac2 += (old - csum) + y
        frac3 += lo * lo
    h = math.sqrt(csum - 1.0 + (frac1 + frac2 + frac3))
    t = h * 134217729.0
    hi = t - (t - h)
    lo = h - hi
    y = -hi * hi
    old = csum
    csum += y
    frac1 += (old - csum) + y
    y = -2.0 * hi * lo
    old = csum
    csum += y
    frac2 += (old - csum) + y
    frac3 += -lo * lo
    x = csum - 1.0 + (frac1 + frac2 + frac3)
    return (h + x / (2.0 * h)) / scale


def hypot_n(xs: List[float]) -> float:
    return _vector_norm([math.fabs(x) for x in xs])


def dist(p, q) -> float:
    if len(p) != len(q):
        raise ValueError("both points must have the same number of dimensions")
    return _vector_norm([math.fabs(p[i] - q[i]) for i in range(len(p))])


# ---------------------------------------------------------------- gamma, lgamma
# CPython's own m_tgamma / m_lgamma (Lanczos approximation, N = 13, g = 6.0246...), not
# libm's: the same coefficients and steps, so the same bits.

LANCZOS_G = 6.024680040776729583740234375
LANCZOS_G_MINUS_HALF = 5.524680040776729583740234375
LOGPI = 1.144729885849400174143427351353058711647


def _lanczos_sum(x: float) -> float:
    num_coeffs = [23531376880.410759688572007674451636754734846804940,
                  42919803642.649098768957899047001988850926355848959,
                  35711959237.355668049440185451547166705960488635843,
                  17921034426.037209699919755754458931112671403265390,
                  6039542586.3520280050642916443072979210699388420708,
                  1439720407.3117216736632230727949123939715485786772,
                  248874557.86205415651146038641322942321632125127801,
                  31426415.585400194380614231628318205362874684987640,
                  2876370.6289353724412254090516208496135991145378768,
                  186056.26539522349504029498971604569928220784236328,
                  8071.6720023658162106380029022722506138218516325024,
                  210.82427775157934587250973392071336271166969580291,
                  2.5066282746310002701649081771338373386264310793408]
    den_coeffs = [0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0,
                  13339535.0, 2637558.0, 357423.0, 32670.0, 1925.0, 66.0, 1.0]
    num = 0.0
    den = 0.0
    if x < 5.0:
        for i in range(12, -1, -1):
            num = num * x + num_coeffs[i]
            den = den * x + den_coeffs[i]
    else:
        for i in range(13):
            num = num / x + num_coeffs[i]
            den = den / x + den_coeffs[i]
    return num / den


def _sinpi(x: float) -> float:
    y = math.fmod(math.fabs(x), 2.0)
    n = int(_rint_away(2.0 * y))
    r = 0.0
    if n == 0:
        r = math.sin(math.pi * y)
    elif n == 1:
        r = math.cos(math.pi * (y - 0.5))
    elif n == 2:
        r = math.sin(math.pi * (1.0 - y))
    elif n == 3:
        r = -math.cos(math.pi * (y - 1.5))
    else:
        r = math.sin(math.pi * (y - 2.0))
    return math.copysign(1.0, x) * r


def _rint_away(x: float) -> float:
    # C's round(): halves away from zero (x >= 0 here, < 5)
    f = float(int(x))
    if x - f >= 0.5:
        f += 1.0
    return f


def gamma(x: float) -> float:
    if not math.isfinite(x):
        if math.isnan(x) or x > 0.0:
            return x
        raise ValueError("math domain error")
    if x == 0.0:
        raise ValueError("math domain error")
    if x == math.floor(x) if math.fabs(x) < 4503599627370496.0 else True:
        if x < 0.0:
            raise ValueError("math domain error")
        if x <= 23.0:
            return float(factorial(int(x) - 1)) if x <= 21.0 else (
                51090942171709440000.0 if x == 22.0 else 1124000727777607680000.0)
    absx = math.fabs(x)
    if absx < 1e-20:
        r = 1.0 / x
        if math.isinf(r):
            raise OverflowError("math range error")
        return r
    if absx > 200.0:
        if x < 0.0:
            return 0.0 / _sinpi(x)
        raise OverflowError("math range error")
    y = absx + LANCZOS_G_MINUS_HALF
    z = 0.0
    if absx > LANCZOS_G_MINUS_HALF:
        q = y - absx
        z = q - LANCZOS_G_MINUS_HALF
    else:
        q = y - LANCZOS_G_MINUS_HALF
        z = q - absx
    z = z * LANCZOS_G / y
    r = 0.0
    if x < 0.0:
        r = -math.pi / _sinpi(absx) / absx * math.exp(y) / _lanczos_sum(absx)
        r -= z * r
        if absx < 140.0:
            r /= math.pow(y, absx - 0.5)
        else:
            sqrtpow = math.pow(y, absx / 2.0 - 0.25)
            r /= sqrtpow
            r /= sqrtpow
    else:
        r = _lanczos_sum(absx) / math.exp(y)
        r += z * r
        if absx < 140.0:
            r *= math.pow(y, absx - 0.5)
        else:
            sqrtpow = math.pow(y, absx / 2.0 - 0.25)
            r *= sqrtpow
            r *= sqrtpow
    if math.isinf(r):
        raise OverflowError("math range error")
    return r


def lgamma(x: float) -> float:
    if not math.isfinite(x):
        if math.isnan(x):
            return x
        return math.inf
    if math.fabs(x) >= 4503599627370496.0 or (x == math.floor(x) and x <= 2.0):
        if x <= 0.0:
            raise ValueError("math domain error")
        if x <= 2.0:
            return 0.0
    absx = math.fabs(x)
    if absx < 1e-20:
        return -math.log(absx)
    r = math.log(_lanczos_sum(absx)) - LANCZOS_G
    r += (absx - 0.5) * (math.log(absx + LANCZOS_G - 0.5) - 1)
    if x < 0.0:
        r = LOGPI - math.log(math.fabs(_sinpi(absx))) - math.log(absx) - r
    if math.isinf(r):
        raise OverflowError("math range error")
    return r
