/* cpu.h — which LLVM target features this CPU (and OS) supports, by cpuid (x86-64).
 *
 * Archives may carry a host image (backend/link.py HOST_TARGET) compiled for the CPU of the
 * machine that saved them; its manifest record lists the LLVM features it requires
 * ("requires": ["avx2", "fma", ...]).  A loader maps it only when pts__cpu_has says yes for
 * every one of them, else the baseline image.  The table in cpu.c is the set of features
 * that can be checked: the JIT and host images are compiled with every other feature off
 * (backend/cpu.py X86_FEATURES, kept equal to the table by tests/runtime/test_c_loader.py).
 *
 * Shared by libpts (loader.c) and the Python extension pts._dispatch (runtime/_dispatch.c
 * includes cpu.c with PTS_CPU_API defined as `static __attribute__((unused))`).
 */
#ifndef PTS_CPU_H
#define PTS_CPU_H

#include <stddef.h>
#include <stdint.h>

#ifndef PTS_CPU_API
#define PTS_CPU_API
#endif

#define PTS_CPU_LEAVES 6

/* What cpuid and xgetbv say, read once (pts__cpu_read) and then checked by name. */
typedef struct pts_cpu {
    uint32_t regs[PTS_CPU_LEAVES][4];    /* eax, ebx, ecx, edx of the leaves cpu.c reads */
    uint64_t xcr0;                       /* OS-enabled register state (0 without OSXSAVE) */
} pts_cpu;

PTS_CPU_API void pts__cpu_read(pts_cpu *c);
/* 1: the CPU has LLVM feature `name` (and the OS saves its registers); 0: it does not, or
 * `name` is not in the table, or this is not x86-64 (pts__cpu_read leaves it all 0). */
PTS_CPU_API int pts__cpu_check(const pts_cpu *c, const char *name);
/* 1 if `name` is in the table. */
PTS_CPU_API int pts__cpu_known(const char *name);

#endif
