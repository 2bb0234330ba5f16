"""Vectorizable math for tensor kernels: exp log log1p expm1 tanh sigmoid erf sin cos.

Each function NAME comes as `NAME_f64(x)` (x a np.float64) and `NAME_f32(x)` (x a
np.float32) and returns the same numpy scalar type.  `exp_nonpos_*` is exp for arguments
that are never positive (softmax's; the kernels choose it), with exp's bits there.  They
are written in the pts subset and compiled by the ordinary pipeline
(backend/stdlib_math.py); run as plain Python on numpy scalars they give the same bits as
the native code (IEEE operations in the same order).

Why this exists (DESIGN.md §5): a per-element call of libm's exp blocks LLVM's loop
vectorizer and makes archive images need libm.  These functions are *branch-free*: every
`a if c else b` below selects between values already computed, so after inlining into a
kernel loop LLVM turns it into a `select` and vectorizes the loop.

Contract: results are within 4 ulp of numpy's (measured in tests/lang/test_vmath.py; most
are within 1-2 ulp), and special values are numpy's: nan -> nan, exp(+-inf) = inf / 0,
exp overflows to inf above 709.78 (f32: 88.72) and underflows through the subnormals to 0,
log(0) = -inf, log(x < 0) = nan, log1p(-1) = -inf, expm1/log1p/tanh/sin/erf keep the sign
of +-0, sin/cos(+-inf) = nan.  All of it over the whole float range, sin and cos included:
they reduce |x| <= 1e6 with a three-part Cody-Waite split of pi/2 (fdlibm's "medium" case,
exact there) and larger |x| with a Payne-Hanek reduction taken by a branch to
`_sincos_slow`.  That branch is the one exception to branch-freedom: the backend keeps
`_slow` functions out of line and gives LLVM masked vector versions of them, so the loop
still vectorizes and only lanes with a huge |x| make the call (backend/stdlib_math.py).

Methods (constants are fdlibm's, Sun Microsystems, freely redistributable):
- exp, expm1: k = round(x / ln2) with the 1.5*2**52 shifter (no float->int conversion),
  r = x - k*ln2 with ln2 split in two (k*LN2_HI is exact), expm1(r) by its Taylor series
  (|r| <= 0.347, degree 13, truncation < 2**-58), 2**k rebuilt from exponent bits in two
  halves so that 2**k itself never overflows or goes subnormal.
- log, log1p: x = 2**k * m with m in [sqrt(2)/2, sqrt(2)) from the bits, fdlibm's
  log(1+f) = f - (f*f/2 - s*(f*f/2 + R(s*s))), s = f/(2+f); subnormals are scaled by 2**54
  first; log1p adds the rounding error of u = 1+x as (x - (u-1))/u.
- tanh from expm1(2|x|), sigmoid from exp(-|x|), erf by fdlibm's four rational
  approximations, all evaluated and one selected.
- sin, cos: fdlibm's kernels on the reduced (double-double) argument, quadrant by select;
  huge arguments: x * 2/pi mod 4 from digit products, exact (see _sincos_slow).
- float32, computed in float32 so that kernels vectorize at full width (<8 x float> with
  AVX2, no double arithmetic): exp, expm1 as above with k = round(x / ln2) by the 1.5*2**23
  shifter and a degree-6 polynomial; log, log1p with log(1+f) = f - f*f/2 + f**3 * P(f)
  (degree 10, no division); tanh as e / (e + 2) with e = expm1(2|x|) everywhere (one
  formula, no select: GELU's cost); sigmoid as in float64; erf by x + x*P(x*x) below 0.9
  and 1 - exp(-x*x) * Q(|x|) above.  Measured on every third of the 2**32 inputs: within
  1 ulp of the correctly rounded result (expm1, sigmoid: 2; tanh: 3, and 3 of numpy's).
  sin, cos: still computed in float64 and rounded once.
"""
import numpy as np

# 1.5 * 2**52: adding it rounds a double of magnitude < 2**51 to an integer, which then sits
# in the low bits of the sum (bits 0x4338000000000000 + k)
_SHIFT = 6755399441055744.0
_SHIFT_BITS = 0x4338000000000000
_TWO_M64 = 5.421010862427522e-20      # 2**-64 (exp_nonpos_*)


def _scale(y, k):
    """y * 2**k for |k| <= 1100, rounding once (into the subnormals or to inf if it must)."""
    k1 = k >> 1
    k2 = k - k1
    return y * ((k1 + 1023) << 52).view(np.float64) * ((k2 + 1023) << 52).view(np.float64)


def _expm1_poly(r):
    """expm1(r) for |r| <= 0.35: Taylor to degree 13 (the r**14 term is < 2**-58 * r)."""
    p = 1.6059043836821613e-10
    p = 2.08767569878681e-09 + r * p
    p = 2.505210838544172e-08 + r * p
    p = 2.755731922398589e-07 + r * p
    p = 2.7557319223985893e-06 + r * p
    p = 2.48015873015873e-05 + r * p
    p = 0.0001984126984126984 + r * p
    p = 0.001388888888888889 + r * p
    p = 0.008333333333333333 + r * p
    p = 0.041666666666666664 + r * p
    p = 0.16666666666666666 + r * p
    p = 0.5 + r * p
    return r + (r * r) * p


def exp_f64(x):
    x = np.float64(x)
    # beyond these exp is inf / 0 anyway; the clamp keeps k within _scale's range (nan
    # passes: comparisons with nan are false)
    xc = np.float64(710.0) if x > 710.0 else x
    xc = np.float64(-746.0) if xc < -746.0 else xc
    z = xc * 1.4426950408889634 + _SHIFT
    kf = z - _SHIFT
    k = z.view(np.int64) - _SHIFT_BITS
    r = (xc - kf * 0.6931471803691238) - kf * 1.9082149292705877e-10
    return _scale(1.0 + _expm1_poly(r), k)


def exp_nonpos_f64(x):
    """exp(x) for x <= 0 or nan, bit for bit exp_f64's: the kernels call it for softmax's
    exp(x - max(x)), whose argument is never positive (backend/kernel_codegen.py).  With
    k <= 0, 2**(k + 64) is a normal double, so one multiply scales (rounding once into the
    subnormals) where exp_f64 multiplies by two halves; and no upper clamp.  The sum
    2**-64 * (1 + expm1(r)) is exp_f64's 1 + expm1(r), rounded the same, times 2**-64."""
    x = np.float64(x)
    xc = np.float64(-746.0) if x < -746.0 else x
    z = xc * 1.4426950408889634 + _SHIFT
    kf = z - _SHIFT
    k = z.view(np.int64) - _SHIFT_BITS
    r = (xc - kf * 0.6931471803691238) - kf * 1.9082149292705877e-10
    t = _expm1_poly(r)
    return (_TWO_M64 + _TWO_M64 * t) * ((k + 1087) << 52).view(np.float64)


def expm1_f64(x):
    x = np.float64(x)
    xc = np.float64(710.0) if x > 710.0 else x
    xc = np.float64(-60.0) if xc < -60.0 else xc      # expm1(-60) rounds to -1
    z = xc * 1.4426950408889634 + _SHIFT
    kf = z - _SHIFT
    k = z.view(np.int64) - _SHIFT_BITS
    r = (xc - kf * 0.6931471803691238) - kf * 1.9082149292705877e-10
    em = _expm1_poly(r)
    # expm1(x) = 2**k * (em + 1) - 1, arranged so the subtraction is exact or harmless:
    # k >= 0: (em + (1 - 2**-k)) * 2**k;  k < 0: em * 2**k + (2**k - 1)
    kk = k if k < 60 else np.int64(60)
    two_mk = ((1023 - kk) << 52).view(np.float64)
    two_k = ((1023 + kk) << 52).view(np.float64)
    up = _scale(em + (1.0 - two_mk), k)
    down = em * two_k + (two_k - 1.0)
    res = up if k >= 0 else down
    return x if x == 0.0 else res                   # -0.0 stays -0.0


def _log_core(x, k_adjust):
    """log(x) for a positive normal x (the exponent is k_adjust more than x's)."""
    bits = x.view(np.int64)
    k = (bits - 0x3FE6A09E667F3BCD) >> 52          # m = x / 2**k in [sqrt(2)/2, sqrt(2))
    f = (bits - (k << 52)).view(np.float64) - 1.0
    hfsq = 0.5 * f * f
    s = f / (2.0 + f)
    z = s * s
    w = z * z
    t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01
                                              + w * 1.531383769920937332e-01))
    t2 = z * (6.666666666666735130e-01 + w * (2.857142874366239149e-01
                                              + w * (1.818357216161805012e-01
                                                     + w * 1.479819860511658591e-01)))
    R = t2 + t1
    dk = np.float64(k + k_adjust)
    return dk * 0.6931471803691238 - ((hfsq - (s * (hfsq + R) + dk * 1.9082149292705877e-10)) - f)


def _log_special(x, r):
    """log's values where the core does not apply: 0 -> -inf, < 0 -> nan, inf, nan."""
    r = np.float64(-np.inf) if x == 0.0 else r
    r = np.float64(np.nan) if x < 0.0 else r
    r = x if x == np.inf else r
    return x if x != x else r


def log_f64(x):
    x = np.float64(x)
    sub = x < 2.2250738585072014e-308                 # subnormal (or <= 0): scale by 2**54
    xs = x * 18014398509481984.0 if sub else x
    adj = np.int64(-54) if sub else np.int64(0)
    return _log_special(x, _log_core(xs, adj))


def log1p_f64(x):
    x = np.float64(x)
    u = 1.0 + x
    # the part of x that u = fl(1 + x) lost, relative to u: log1p(x) = log(u) + c/u
    c = (1.0 - (u - x)) if u > 2.0 else (x - (u - 1.0))
    uc = np.float64(1.0) if u < 2.2250738585072014e-308 else u   # x <= -1: replaced below
    r = _log_core(uc, np.int64(0)) + c / uc
    r = np.float64(-np.inf) if x == -1.0 else r
    r = np.float64(np.nan) if x < -1.0 else r
    r = x if x == np.inf else r
    r = x if x != x else r
    return x if x == 0.0 else r


def _abs(x):
    return (x.view(np.int64) & 0x7FFFFFFFFFFFFFFF).view(np.float64)


def tanh_f64(x):
    x = np.float64(x)
    a = _abs(x)
    a = np.float64(22.0) if a > 22.0 else a           # tanh(22) rounds to 1
    t = expm1_f64(a + a)
    big = 1.0 - 2.0 / (t + 2.0)                       # better for |x| >= 1 (no cancellation)
    small = t / (t + 2.0)
    r = big if a >= 1.0 else small
    return -r if x.view(np.int64) < 0 else r


def sigmoid_f64(x):
    """1 / (1 + exp(-x)), as exp(x) / (1 + exp(x)) for negative x (no cancellation)."""
    x = np.float64(x)
    e = exp_f64(-_abs(x))
    num = np.float64(1.0) if x >= 0.0 else e
    return num / (1.0 + e)


def _erf_pq_small(z):
    """erf's P(z), Q(z) for |x| < 0.84375, z = x*x (fdlibm's s_erf.c)."""
    p = 1.28379167095512558561e-01 + z * (-3.25042107247001499370e-01 + z * (
        -2.84817495755985104766e-02 + z * (-5.77027029648944159157e-03
                                           + z * -2.37630166566501626084e-05)))
    q = 1.0 + z * (3.97917223959155352819e-01 + z * (6.50222499887672944485e-02 + z * (
        5.08130628187576562776e-03 + z * (1.32494738004321644526e-04
                                          + z * -3.96022827877536812320e-06))))
    return p, q


def _erf_pq_mid(s):
    """erf's P(s), Q(s) for 0.84375 <= |x| < 1.25, s = |x| - 1."""
    p = -2.36211856075265944077e-03 + s * (4.14856118683748331666e-01 + s * (
        -3.72207876035701323847e-01 + s * (3.18346619901161753674e-01 + s * (
            -1.10894694282396677476e-01 + s * (3.54783043256182359371e-02
                                               + s * -2.16637559486879084300e-03)))))
    q = 1.0 + s * (1.06420880400844228286e-01 + s * (5.40397917702171048937e-01 + s * (
        7.18286544141962662868e-02 + s * (1.26171219808761642112e-01 + s * (
            1.36370839120290507362e-02 + s * 1.19844998467991074170e-02)))))
    return p, q


def _erfc_rs_near(s):
    """erfc's R(s), S(s) for 1.25 <= |x| < 1/0.35, s = 1/x**2."""
    ra = -9.86494403484714822705e-03 + s * (-6.93858572707181764372e-01 + s * (
        -1.05586262253232909814e+01 + s * (-6.23753324503260060396e+01 + s * (
            -1.62396669462573470355e+02 + s * (-1.84605092906711035994e+02 + s * (
                -8.12874355063065934246e+01 + s * -9.81432934416914548592e+00))))))
    sa = 1.0 + s * (1.96512716674392571292e+01 + s * (1.37657754143519042600e+02 + s * (
        4.34565877475229228821e+02 + s * (6.45387271733267880336e+02 + s * (
            4.29008140027567833386e+02 + s * (1.08635005541779435134e+02 + s * (
                6.57024977031928170135e+00 + s * -6.04244152148580987438e-02)))))))
    return ra, sa


def _erfc_rs_far(s):
    """erfc's R(s), S(s) for 1/0.35 <= |x| < 6, s = 1/x**2."""
    rb = -9.86494292470009928597e-03 + s * (-7.99283237680523006574e-01 + s * (
        -1.77579549177547519889e+01 + s * (-1.60636384855821916062e+02 + s * (
            -6.37566443368389627722e+02 + s * (-1.02509513161107724954e+03
                                               + s * -4.83519191608651397019e+02)))))
    sb = 1.0 + s * (3.03380607434824582924e+01 + s * (3.25792512996573918826e+02 + s * (
        1.53672958608443695994e+03 + s * (3.19985821950859553908e+03 + s * (
            2.55305040643316442583e+03 + s * (4.74528541206955367215e+02
                                              + s * -2.24409524465858183362e+01))))))
    return rb, sb


def erf_f64(x):
    x = np.float64(x)
    a = _abs(x)
    # |x| < 0.84375: x + x * P(x*x) / Q(x*x)
    z = a * a
    p, q = _erf_pq_small(z)
    r1 = a + a * (p / q)
    r1 = 0.125 * (8.0 * a + 1.02703333676410069053e+00 * a) if a < 3.725290298461914e-09 else r1
    # 0.84375 <= |x| < 1.25: erx + P(|x|-1) / Q(|x|-1)
    s = a - 1.0
    p, q = _erf_pq_mid(s)
    r2 = 8.45062911510467529297e-01 + p / q
    # 1.25 <= |x| < 6: 1 - erfc(|x|), erfc = exp(-x*x - 0.5625 + R(1/x**2)/S(1/x**2)) / x
    b = np.float64(6.0) if a > 6.0 else a
    b = np.float64(1.25) if b < 1.25 else b
    s = 1.0 / (b * b)
    ra, sa = _erfc_rs_near(s)
    rb, sb = _erfc_rs_far(s)
    near = b < 2.857142857142857
    rr = ra if near else rb
    ss = sa if near else sb
    hi = (b.view(np.int64) & -4294967296).view(np.float64)     # b with its low word zeroed
    e = exp_f64(-hi * hi - 0.5625) * exp_f64((hi - b) * (hi + b) + rr / ss)
    r3 = 1.0 - e / b
    r = r1 if a < 0.84375 else (r2 if a < 1.25 else r3)
    r = np.float64(1.0) if a >= 6.0 else r
    return -r if x.view(np.int64) < 0 else r


def _ksin(x, y):
    """sin(x + y) for |x| <= pi/4, y the tail of x (fdlibm's __kernel_sin)."""
    z = x * x
    v = z * x
    r = 8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 + z * (
        2.75573137070700676789e-06 + z * (-2.50507602534068634195e-08
                                          + z * 1.58969099521155010221e-10)))
    return x - ((z * (0.5 * y - v * r) - y) - v * -1.66666666666666324348e-01)


def _kcos(x, y):
    """cos(x + y) for |x| <= pi/4, y the tail of x (fdlibm's __kernel_cos)."""
    z = x * x
    w = z * z
    r = z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03
                                               + z * 2.48015872894767294178e-05)) \
        + w * w * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09
                                                      + z * -1.13596475577881948265e-11))
    hz = 0.5 * z
    w = 1.0 - hz
    return w + (((1.0 - w) - hz) + (z * r - x * y))


def _add3(acc, x):
    """(hi, mid, lo) + x, exactly but for the last rounding of lo (two TwoSums)."""
    hi, mid, lo = acc
    s = hi + x
    d = s - hi
    e1 = (hi - (s - d)) + (x - d)
    m = mid + e1
    d = m - mid
    e2 = (mid - (m - d)) + (e1 - d)
    return (s, m, lo + e2)


def _pio2_term(p, s):
    """p * 2**s (p an integer < 2**53) modulo 4, as (fraction, integer part mod 4); both 0
    when the term is a multiple of 4.  Exact (the terms too small for that are negligible)."""
    t = _scale(p, s if s > -1100 else np.int64(-1100))
    ip = np.floor(t)
    big = s >= 2
    fr = np.float64(0.0) if big else t - ip
    ipm = np.float64(0.0) if big else ip - 4.0 * np.floor(ip * 0.25)
    return (fr, ipm)


def _two_over_pi_digit(j):
    """Digit j of 2/pi = sum(c_j * 2**(-24*(j+1))), 0 <= j < 50: 1200 bits (fdlibm's ipio2
    table, recomputed with integers by Machin's formula)."""
    c = np.float64(0.0)
    c = 10680707.0 if j == 0 else c
    c = 7228996.0 if j == 1 else c
    c = 1387004.0 if j == 2 else c
    c = 2578385.0 if j == 3 else c
    c = 16069853.0 if j == 4 else c
    c = 12639074.0 if j == 5 else c
    c = 9804092.0 if j == 6 else c
    c = 4427841.0 if j == 7 else c
    c = 16666979.0 if j == 8 else c
    c = 11263675.0 if j == 9 else c
    c = 12935607.0 if j == 10 else c
    c = 2387514.0 if j == 11 else c
    c = 4345298.0 if j == 12 else c
    c = 14681673.0 if j == 13 else c
    c = 3074569.0 if j == 14 else c
    c = 13734428.0 if j == 15 else c
    c = 16653803.0 if j == 16 else c
    c = 1880361.0 if j == 17 else c
    c = 10960616.0 if j == 18 else c
    c = 8533493.0 if j == 19 else c
    c = 3062596.0 if j == 20 else c
    c = 8710556.0 if j == 21 else c
    c = 7349940.0 if j == 22 else c
    c = 6258241.0 if j == 23 else c
    c = 3772886.0 if j == 24 else c
    c = 3769171.0 if j == 25 else c
    c = 3798172.0 if j == 26 else c
    c = 8675211.0 if j == 27 else c
    c = 12450088.0 if j == 28 else c
    c = 3874808.0 if j == 29 else c
    c = 9961438.0 if j == 30 else c
    c = 366607.0 if j == 31 else c
    c = 15675153.0 if j == 32 else c
    c = 9132554.0 if j == 33 else c
    c = 7151469.0 if j == 34 else c
    c = 3571407.0 if j == 35 else c
    c = 2607881.0 if j == 36 else c
    c = 12013382.0 if j == 37 else c
    c = 4155038.0 if j == 38 else c
    c = 6285869.0 if j == 39 else c
    c = 7677882.0 if j == 40 else c
    c = 13102053.0 if j == 41 else c
    c = 15825725.0 if j == 42 else c
    c = 473591.0 if j == 43 else c
    c = 9065106.0 if j == 44 else c
    c = 15363067.0 if j == 45 else c
    c = 6271263.0 if j == 46 else c
    c = 9264392.0 if j == 47 else c
    c = 5636912.0 if j == 48 else c
    c = 4652155.0 if j == 49 else c
    return c


def _sincos_slow(x, want_cos):
    """sin(x) or cos(x) for any finite x (used for |x| > 1e6, out of line: see
    backend/stdlib_math.py), reducing x = n*pi/2 + (y0 + y1) by Payne-Hanek.

    x = m * 2**e with m < 2**53 split in two digits (29 and 24 bits); the ten digits of 2/pi
    that matter at this exponent (earlier ones only add multiples of 4, later ones less than
    2**-150) times them give exact doubles, each reduced mod 4 exactly, and their sum is kept
    as an exact triple-double, so the fraction keeps its precision through the worst
    cancellation doubles have (x within ~2**-61 of a multiple of pi/2)."""
    a = _abs(x)
    bits = a.view(np.int64)
    e = (bits >> 52) - 1075                       # a = m * 2**e
    m = (bits & 0xFFFFFFFFFFFFF) | 0x10000000000000
    m_hi = np.float64(m >> 24)                    # < 2**29: m_hi * digit < 2**53
    m_lo = np.float64(m & 0xFFFFFF)
    acc = (np.float64(0.0), np.float64(0.0), np.float64(0.0))
    n = np.float64(0.0)
    j0 = (e - 2) // 24 - 1 if e > 26 else np.int64(0)
    for i in range(10):
        j = j0 + i
        c = _two_over_pi_digit(j)
        s = e - 24 * j                            # m_hi * c_j * 2**s is this term
        t = _pio2_term(m_hi * c, s)
        acc = _add3(acc, t[0])
        n = n + t[1]
        t = _pio2_term(m_lo * c, s - 24)
        acc = _add3(acc, t[0])
        n = n + t[1]
    hi, mid, lo = acc
    whole = np.floor(hi + 0.5)                    # hi - whole is exact (Sterbenz)
    hi = hi - whole
    n = n + whole
    y0 = hi + mid
    d = y0 - hi
    y1 = ((hi - (y0 - d)) + (mid - d)) + lo
    # times pi/2 in double-double (Dekker's product: a Veltkamp split, no fma needed)
    p = y0 * 1.5707963267948966
    c = 134217729.0 * y0
    ah = c - (c - y0)
    al = y0 - ah
    bh = 1.5707963407039642                   # pi/2's own split
    bl = -1.3909067675399456e-08
    err = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    err = err + (y0 * 6.123233995736766e-17 + y1 * 1.5707963267948966)
    r0 = p + err
    r1 = err - (r0 - p)
    q = np.int64(n) & 3
    neg = x < 0.0
    return _sincos_kernel(-r0 if neg else r0, -r1 if neg else r1, (4 - q) & 3 if neg else q,
                          want_cos)


def _sincos(x, want_cos):
    """sin(x) or cos(x) for |x| <= 1e6: x = n*pi/2 + (y0 + y1) with pi/2 in three parts of
    33 bits, each product with n exact for |n| < 2**20 (fdlibm's __ieee754_rem_pio2
    "medium" case, all three rounds always)."""
    z = x * 0.6366197723675814 + _SHIFT
    fn = z - _SHIFT
    n = z.view(np.int64) - _SHIFT_BITS
    t = x - fn * 1.5707963267341256                 # exact (Sterbenz)
    w = fn * 6.077100506303966e-11                  # exact
    r = t - w
    d = r - t
    e = (t - (r - d)) + (-w - d)                    # r + e = t - w exactly (TwoSum)
    w = fn * 2.0222662487111665e-21                 # exact
    r2 = r - w
    d = r2 - r
    e2 = (r - (r2 - d)) + (-w - d)
    tail = (e + e2) - fn * 8.4784276603689e-32
    y0 = r2 + tail
    y1 = (r2 - y0) + tail
    return _sincos_kernel(y0, y1, n, want_cos)


def _sincos_kernel(y0, y1, n, want_cos):
    """sin or cos of n*pi/2 + (y0 + y1): the kernel the quadrant n mod 4 asks for."""
    s = _ksin(y0, y1)
    c = _kcos(y0, y1)
    q = (n + 1) & 3 if want_cos else n & 3           # cos(x) = sin(x + pi/2)
    r = s if (q & 1) == 0 else c
    return -r if (q & 2) != 0 else r


def sin_f64(x):
    x = np.float64(x)
    r = _sincos(x, False)
    r = x if _abs(x) < 7.450580596923828e-09 else r  # sin(x) rounds to x (keeps -0.0)
    if _abs(x) > 1.0e6:                               # rare, and the only branch here
        r = _sincos_slow(x, False)
    return x - x if x - x != 0.0 else r               # inf, nan -> nan


def cos_f64(x):
    x = np.float64(x)
    r = _sincos(x, True)
    if _abs(x) > 1.0e6:
        r = _sincos_slow(x, True)
    return x - x if x - x != 0.0 else r


# ---------------------------------------------------------------- float32
# Computed in float32 (so a kernel loop vectorizes at full width, <8 x float> on AVX2):
# the same designs as float64 with polynomials fitted for float32 (near-minimax, fitted in
# float64 by reweighted least squares on Chebyshev nodes, rounded to float32 and checked
# against numpy on every third of the 2**32 inputs).  Every constant below is a float32 value; a Python
# float meeting a np.float32 is rounded to float32 (NEP 50), exactly so for these.

_SHIFT32 = 12582912.0                    # 1.5 * 2**23, bits 0x4B400000
_LN2_HI32 = 0.693145751953125            # 15 bits: k * _LN2_HI32 is exact for |k| < 512
_LN2_LO32 = 1.428606765330187e-06
_TINY32 = 1.1754943508222875e-38         # 2**-126, the smallest normal float32


def _abs_f32(x):
    return (x.view(np.int32) & 0x7FFFFFFF).view(np.float32)


def _scale_f32(y, k):
    """y * 2**k for 0.5 <= |y| < 2, -152 <= k <= 130, rounding once."""
    k1 = k >> 1
    k2 = k - k1
    return y * ((k1 + 127) << 23).view(np.float32) * ((k2 + 127) << 23).view(np.float32)


def _expm1_poly_f32(r):
    """expm1(r) for |r| <= 0.35 (relative error 2**-26): r + r*r * P(r), P of degree 4,
    evaluated in Estrin's scheme (a shorter dependency chain than Horner's)."""
    r2 = r * r
    p = (0.4999999701976776 + r * 0.16666539013385773) + r2 * (
        (0.04166722297668457 + r * 0.008367180824279785) + r2 * 0.0013882393250241876)
    return r + r2 * p


def _exp_reduce_f32(xc):
    """(k, r): xc = k*ln2 + r, |r| <= 0.35, for |xc| <= 104 (or nan)."""
    z = xc * 1.4426950216293335 + _SHIFT32
    kf = z - _SHIFT32
    k = z.view(np.int32) - 0x4B400000
    r = (xc - kf * _LN2_HI32) - kf * _LN2_LO32        # the first product and difference exact
    return (k, r)


def _exp_normal_f32(x):
    """exp(x) for -87 <= x <= 88 (a normal result): 2**k added to the exponent bits.  Not
    for nan (see tanh_f32)."""
    k, r = _exp_reduce_f32(x)
    y = 1.0 + _expm1_poly_f32(r)
    return (y.view(np.int32) + (k << 23)).view(np.float32)


def exp_f32(x):
    x = np.float32(x)
    xc = np.float32(89.0) if x > 89.0 else x         # exp(89) = inf, exp(-104) = 0 already
    xc = np.float32(-104.0) if xc < -104.0 else xc
    k, r = _exp_reduce_f32(xc)
    return _scale_f32(1.0 + _expm1_poly_f32(r), k)


def exp_nonpos_f32(x):
    """exp(x) for x <= 0 or nan, bit for bit exp_f32's (see exp_nonpos_f64): ~7 fewer
    vector instructions per 8 elements than exp_f32's ~21."""
    x = np.float32(x)
    xc = np.float32(-104.0) if x < -104.0 else x
    k, r = _exp_reduce_f32(xc)
    t = _expm1_poly_f32(r)
    return (_TWO_M64 + _TWO_M64 * t) * ((k + 191) << 23).view(np.float32)


def expm1_f32(x):
    x = np.float32(x)
    xc = np.float32(89.0) if x > 89.0 else x
    xc = np.float32(-18.0) if xc < -18.0 else xc       # expm1(-18) rounds to -1
    k, r = _exp_reduce_f32(xc)
    em = _expm1_poly_f32(r)
    # as in expm1_f64: k >= 0: (em + (1 - 2**-k)) * 2**k;  k < 0: em * 2**k + (2**k - 1)
    kk = k if k < 26 else np.int32(26)                  # 1 - 2**-k rounds to 1 past 26
    two_mk = ((127 - kk) << 23).view(np.float32)
    two_k = ((127 + kk) << 23).view(np.float32)
    up = _scale_f32(em + (1.0 - two_mk), k)
    down = em * two_k + (two_k - 1.0)
    res = up if k >= 0 else down
    return x if x == 0.0 else res


def _log_core_f32(x, k_adjust):
    """log(x) for a positive normal float32 x (its exponent is k_adjust more than x's):
    x = 2**k * (1 + f), 1 + f in [sqrt(2)/2, sqrt(2)), log(1+f) = f - f*f/2 + f**3 * P(f)."""
    bits = x.view(np.int32)
    k = (bits - 0x3F3504F3) >> 23
    f = (bits - (k << 23)).view(np.float32) - 1.0
    z = f * f
    p = ((0.3333333134651184 + f * -0.250008225440979)                     # Estrin's scheme
         + z * (0.20001226663589478 + f * -0.16623356938362122)) + (z * z) * (
        (0.14201761782169342 + f * -0.131601944565773)
        + z * (0.12761549651622772 + f * -0.07634429633617401))
    hfsq = 0.5 * z
    hi = f - hfsq
    lo = (f - hi) - hfsq                # f - hfsq = hi + lo exactly (|hfsq| <= |f|)
    dk = np.float32(k + k_adjust)
    return dk * _LN2_HI32 + (hi + ((z * f) * p + (lo + dk * _LN2_LO32)))


def log_f32(x):
    x = np.float32(x)
    a = _abs_f32(x)                                   # x < 0 gives nan below
    sub = a < _TINY32                                 # subnormal (or 0): scale by 2**23
    xs = a * 8388608.0 if sub else a
    adj = np.int32(-23) if sub else np.int32(0)
    r = _log_core_f32(xs, adj)
    r = np.float32(-np.inf) if x == 0.0 else r
    r = np.float32(np.nan) if x < 0.0 else r
    r = x if x == np.inf else r
    return x if x != x else r


def log1p_f32(x):
    x = np.float32(x)
    u = 1.0 + x
    c = (1.0 - (u - x)) if u > 2.0 else (x - (u - 1.0))   # as log1p_f64
    uc = np.float32(1.0) if u < _TINY32 else u            # x <= -1: replaced below
    r = _log_core_f32(uc, np.int32(0)) + c / uc
    r = np.float32(-np.inf) if x == -1.0 else r
    r = np.float32(np.nan) if x < -1.0 else r
    r = x if x == np.inf else r
    r = x if x != x else r
    return x if x == 0.0 else r


def tanh_f32(x):
    """tanh(|x|) = e / (e + 2), e = expm1(2|x|) (accurate near 0, so one formula covers
    the whole range: no second polynomial, no select); the sign put back."""
    x = np.float32(x)
    a = _abs_f32(x)
    a = np.float32(10.0) if a > 10.0 else a           # tanh(10) rounds to 1
    k, r = _exp_reduce_f32(a + a)                       # 0 <= k <= 29
    two_k = ((127 + k) << 23).view(np.float32)
    e = _expm1_poly_f32(r) * two_k + (two_k - 1.0)      # expm1(2a) = 2**k (1 + p) - 1
    t = e / (e + 2.0)
    return -t if x.view(np.int32) < 0 else t


def sigmoid_f32(x):
    """As sigmoid_f64: 1 / (1 + e) or e / (1 + e), e = exp(-|x|)."""
    x = np.float32(x)
    e = exp_f32(-_abs_f32(x))
    num = np.float32(1.0) if x >= 0.0 else e
    return num / (1.0 + e)


def erf_f32(x):
    """|x| < 0.9: x + x * P(x*x) (tiny |x|: scaled up first, as x*P would lose subnormal
    bits); 0.9 <= |x| < 3.95: 1 - exp(-x*x) * Q(|x| - 2), Q fitted for the absolute error
    of the result; beyond, erf rounds to 1 (from 3.84 on)."""
    x = np.float32(x)
    a = _abs_f32(x)
    z = a * a
    p = np.float32(-0.0006090494571253657)
    p = 0.005011992994695902 + z * p
    p = -0.02677893452346325 + z * p
    p = 0.11282141506671906 + z * p
    p = -0.3761252462863922 + z * p
    p = 0.12837915122509003 + z * p
    small = a + a * p
    tiny = ((a * 16777216.0) * 1.128379225730896) * 5.960464477539063e-08
    small = tiny if a < 1.0e-20 else small
    b = np.float32(3.95) if a > 3.95 else a
    t = b - 2.0
    q = np.float32(0.00013469030091073364)
    q = -0.00016335204418282956 + t * q
    q = 0.00047143257688730955 + t * q
    q = -0.001922345720231533 + t * q
    q = 0.00546650867909193 + t * q
    q = -0.015423593111336231 + t * q
    q = 0.04180797562003136 + t * q
    q = -0.10679825395345688 + t * q
    q = 0.25539541244506836 + t * q
    big = 1.0 - _exp_normal_f32(-(b * b)) * q
    r = big if a >= 0.9 else small                    # nan: small, which is nan
    return -r if x.view(np.int32) < 0 else r


def sin_f32(x):
    return np.float32(sin_f64(np.float64(x)))


def cos_f32(x):
    return np.float32(cos_f64(np.float64(x)))


def erf_array(x: np.ndarray) -> np.ndarray:
    """erf of a float64 array, elementwise: erf_f64's method (fdlibm's s_erf.c, ~1 ulp) with
    array operations, so that it runs eagerly, interpreted and natively alike and gradients
    flow through it (pts.nn.functional.erf and gelu in float64).  Each approximation is
    evaluated on an argument clamped to its interval (so that the others stay finite, and
    their zero adjoints too) and one is selected per element.  Without erf_f64's split of
    b*b the exponent's rounding costs < 4e-15 relative in erfc(|x|) <= 0.078, under 1e-15
    absolute.  The first interval keeps the odd formula x + x*P/Q (erf(-0) = -0, and
    erf'(0) = 2/sqrt(pi) where a sign() factor would give 0)."""
    a = np.abs(x)
    # |x| < 0.84375: x + x * P(x*x) / Q(x*x)
    xs = np.clip(x, -0.84375, 0.84375)
    z = xs * xs
    p, q = _erf_pq_small(z)
    r1 = xs + xs * (p / q)
    # 0.84375 <= |x| < 1.25: erx + P(|x|-1) / Q(|x|-1)
    s = np.clip(a, 0.84375, 1.25) - 1.0
    p, q = _erf_pq_mid(s)
    r2 = 8.45062911510467529297e-01 + p / q
    # 1.25 <= |x| < 6: 1 - erfc(|x|), erfc = exp(-x*x - 0.5625 + R(1/x**2)/S(1/x**2)) / x
    b = np.clip(a, 1.25, 6.0)
    s = 1.0 / (b * b)
    ra, sa = _erfc_rs_near(s)
    rb, sb = _erfc_rs_far(s)
    near = b < 2.857142857142857
    r3 = 1.0 - np.exp(-b * b - 0.5625 + np.where(near, ra, rb) / np.where(near, sa, sb)) / b
    big = np.sign(x) * np.where(a < 1.25, r2, np.where(a < 6.0, r3, 1.0))
    return np.where(a < 0.84375, r1, big)
