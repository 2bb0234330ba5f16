# Source: the Computer Language Benchmarks Game, spectralnorm Python 3 #8
#   (Sebastien Loisel, Isaac Gouy, Josh Goldfoot, Simon Descarpentries, Joseph LaFata);
#   Byron/benchmarksgame-cvs-mirror bench/spectralnorm/spectralnorm.python3-8.python3
# Licence: BSD-3-Clause (the Computer Language Benchmarks Game, revised BSD licence)
# Changes: main's `n = int (argv [1])` is its parameter n; the module-level `main()` call
#   is the run line.

from array     import array
from math      import sqrt
from sys       import argv
import sys

if sys.version_info < (3, 0):
    from itertools import izip as zip
else:
    xrange = range

def eval_A (i, j):
    return 1.0 / (((i + j) * (i + j + 1) >> 1) + i + 1)

def eval_A_times_u (u, resulted_list):
    u_len = len (u)
    local_eval_A = eval_A
    
    for i in xrange (u_len):
        partial_sum = 0
        
        j = 0
        while j < u_len:
            partial_sum += local_eval_A (i, j) * u[j]
            j += 1
        
        resulted_list[i] = partial_sum

def eval_At_times_u (u, resulted_list):
    u_len = len (u)
    local_eval_A = eval_A
    
    for i in xrange (u_len):
        partial_sum = 0
        
        j = 0
        while j < u_len:
            partial_sum += local_eval_A (j, i) * u[j]
            j += 1
        
        resulted_list[i] = partial_sum

def eval_AtA_times_u (u, out, tmp):
    eval_A_times_u (u, tmp)
    eval_At_times_u (tmp, out)

def main(n):
    u = array("d", [1]) * n
    v = array("d", [1]) * n
    tmp = array("d", [1]) * n
    local_eval_AtA_times_u = eval_AtA_times_u
    
    for dummy in xrange (10):
        local_eval_AtA_times_u (u, v, tmp)
        local_eval_AtA_times_u (v, u, tmp)
    
    vBv = vv = 0
    
    for ue, ve in zip (u, v):
        vBv += ue * ve
        vv  += ve * ve
    
    print("%0.9f" % (sqrt(vBv/vv)))


# run: main(10)
# run: main(100)  # slow-interp
