/* cpu.c — LLVM target features of this x86-64 CPU by cpuid and xgetbv (see cpu.h).
 *
 * FEATURES is the table of features a host image may require: each with the cpuid leaf,
 * register and bit that report it, as LLVM itself detects them (llvm/lib/TargetParser/
 * Host.cpp, getHostCPUFeatures), and the register state the OS must save for it (xgetbv:
 * XCR0 bits 1-2 for AVX, also 5-7 for AVX-512; otherwise the instructions fault even when
 * cpuid lists them).  Left out, so always compiled off: AMX and APX (more OS state),
 * AVX10 (a version leaf), PTWRITE and Key Locker wide (leaves 0x14 and 0x19).
 * Keep the names equal to backend/cpu.py X86_FEATURES (tests/runtime/test_c_loader.py).
 */
#include <string.h>

#include "cpu.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PTS_CPU_X86 1
#include <cpuid.h>
#endif

enum { L1, L7, L7S1, LD1, LX1, LX8 };         /* the leaves read: pts_cpu.regs[leaf] */
enum { EAX, EBX, ECX, EDX };                 /* pts_cpu.regs[leaf][reg] */
enum { ANY, AVX, AVX512 };                   /* the register state the OS must save */

static const struct {
    const char *name;
    unsigned char leaf, reg, bit, state;
} FEATURES[] = {
    {"64bit", LX1, EDX, 29, ANY},
    {"cx8", L1, EDX, 8, ANY},
    {"cmov", L1, EDX, 15, ANY},
    {"mmx", L1, EDX, 23, ANY},
    {"fxsr", L1, EDX, 24, ANY},
    {"sse", L1, EDX, 25, ANY},
    {"sse2", L1, EDX, 26, ANY},
    {"sse3", L1, ECX, 0, ANY},
    {"pclmul", L1, ECX, 1, ANY},
    {"ssse3", L1, ECX, 9, ANY},
    {"fma", L1, ECX, 12, AVX},
    {"cx16", L1, ECX, 13, ANY},
    {"sse4.1", L1, ECX, 19, ANY},
    {"sse4.2", L1, ECX, 20, ANY},
    {"crc32", L1, ECX, 20, ANY},
    {"movbe", L1, ECX, 22, ANY},
    {"popcnt", L1, ECX, 23, ANY},
    {"aes", L1, ECX, 25, ANY},
    {"xsave", L1, ECX, 26, AVX},
    {"avx", L1, ECX, 28, AVX},
    {"f16c", L1, ECX, 29, AVX},
    {"rdrnd", L1, ECX, 30, ANY},
    {"sahf", LX1, ECX, 0, ANY},
    {"lzcnt", LX1, ECX, 5, ANY},
    {"sse4a", LX1, ECX, 6, ANY},
    {"prfchw", LX1, ECX, 8, ANY},
    {"xop", LX1, ECX, 11, AVX},
    {"lwp", LX1, ECX, 15, ANY},
    {"fma4", LX1, ECX, 16, AVX},
    {"tbm", LX1, ECX, 21, ANY},
    {"mwaitx", LX1, ECX, 29, ANY},
    {"clzero", LX8, EBX, 0, ANY},
    {"rdpru", LX8, EBX, 4, ANY},
    {"wbnoinvd", LX8, EBX, 9, ANY},
    {"fsgsbase", L7, EBX, 0, ANY},
    {"sgx", L7, EBX, 2, ANY},
    {"bmi", L7, EBX, 3, ANY},
    {"avx2", L7, EBX, 5, AVX},
    {"bmi2", L7, EBX, 8, ANY},
    {"invpcid", L7, EBX, 10, ANY},
    {"rtm", L7, EBX, 11, ANY},
    {"avx512f", L7, EBX, 16, AVX512},
    {"evex512", L7, EBX, 16, AVX512},
    {"avx512dq", L7, EBX, 17, AVX512},
    {"rdseed", L7, EBX, 18, ANY},
    {"adx", L7, EBX, 19, ANY},
    {"avx512ifma", L7, EBX, 21, AVX512},
    {"clflushopt", L7, EBX, 23, ANY},
    {"clwb", L7, EBX, 24, ANY},
    {"avx512pf", L7, EBX, 26, AVX512},
    {"avx512er", L7, EBX, 27, AVX512},
    {"avx512cd", L7, EBX, 28, AVX512},
    {"sha", L7, EBX, 29, ANY},
    {"avx512bw", L7, EBX, 30, AVX512},
    {"avx512vl", L7, EBX, 31, AVX512},
    {"prefetchwt1", L7, ECX, 0, ANY},
    {"avx512vbmi", L7, ECX, 1, AVX512},
    {"pku", L7, ECX, 4, ANY},
    {"waitpkg", L7, ECX, 5, ANY},
    {"avx512vbmi2", L7, ECX, 6, AVX512},
    {"shstk", L7, ECX, 7, ANY},
    {"gfni", L7, ECX, 8, ANY},
    {"vaes", L7, ECX, 9, AVX},
    {"vpclmulqdq", L7, ECX, 10, AVX},
    {"avx512vnni", L7, ECX, 11, AVX512},
    {"avx512bitalg", L7, ECX, 12, AVX512},
    {"avx512vpopcntdq", L7, ECX, 14, AVX512},
    {"rdpid", L7, ECX, 22, ANY},
    {"kl", L7, ECX, 23, ANY},
    {"cldemote", L7, ECX, 25, ANY},
    {"movdiri", L7, ECX, 27, ANY},
    {"movdir64b", L7, ECX, 28, ANY},
    {"enqcmd", L7, ECX, 29, ANY},
    {"avx5124vnniw", L7, EDX, 2, AVX512},
    {"avx5124fmaps", L7, EDX, 3, AVX512},
    {"uintr", L7, EDX, 5, ANY},
    {"avx512vp2intersect", L7, EDX, 8, AVX512},
    {"serialize", L7, EDX, 14, ANY},
    {"tsxldtrk", L7, EDX, 16, ANY},
    {"pconfig", L7, EDX, 18, ANY},
    {"avx512fp16", L7, EDX, 23, AVX512},
    {"sha512", L7S1, EAX, 0, ANY},
    {"sm3", L7S1, EAX, 1, ANY},
    {"sm4", L7S1, EAX, 2, ANY},
    {"raoint", L7S1, EAX, 3, ANY},
    {"avxvnni", L7S1, EAX, 4, AVX},
    {"avx512bf16", L7S1, EAX, 5, AVX512},
    {"cmpccxadd", L7S1, EAX, 7, ANY},
    {"hreset", L7S1, EAX, 22, ANY},
    {"avxifma", L7S1, EAX, 23, AVX},
    {"avxvnniint8", L7S1, EDX, 4, AVX},
    {"avxneconvert", L7S1, EDX, 5, AVX},
    {"avxvnniint16", L7S1, EDX, 10, AVX},
    {"prefetchi", L7S1, EDX, 14, ANY},
    {"usermsr", L7S1, EDX, 15, ANY},
    {"xsaveopt", LD1, EAX, 0, AVX},
    {"xsavec", LD1, EAX, 1, AVX},
    {"xsaves", LD1, EAX, 3, AVX},
};

#define NFEATURES (sizeof FEATURES / sizeof *FEATURES)

#ifdef PTS_CPU_X86
static void read_leaf(uint32_t *r, unsigned leaf, unsigned sub, unsigned max) {
    if (leaf > max) {
        r[0] = r[1] = r[2] = r[3] = 0;
        return;
    }
    unsigned a, b, c, d;
    __cpuid_count(leaf, sub, a, b, c, d);
    r[0] = a;
    r[1] = b;
    r[2] = c;
    r[3] = d;
}
#endif

PTS_CPU_API void pts__cpu_read(pts_cpu *c) {
    memset(c, 0, sizeof *c);
#ifdef PTS_CPU_X86
    unsigned max = __get_cpuid_max(0, NULL), ext = __get_cpuid_max(0x80000000u, NULL);
    read_leaf(c->regs[L1], 1, 0, max);
    read_leaf(c->regs[L7], 7, 0, max);
    if (c->regs[L7][EAX] >= 1)                    /* the highest subleaf of leaf 7 */
        read_leaf(c->regs[L7S1], 7, 1, max);
    read_leaf(c->regs[LD1], 0xd, 1, max);
    if (ext >= 0x80000000u) {
        read_leaf(c->regs[LX1], 0x80000001u, 0, ext);
        read_leaf(c->regs[LX8], 0x80000008u, 0, ext);
    }
    if (c->regs[L1][ECX] >> 27 & 1) {             /* OSXSAVE: xgetbv may be executed */
        uint32_t lo, hi;
        __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        c->xcr0 = (uint64_t)hi << 32 | lo;
    }
#endif
}

static long find(const char *name) {
    for (size_t i = 0; i < NFEATURES; i++)
        if (strcmp(FEATURES[i].name, name) == 0)
            return (long)i;
    return -1;
}

PTS_CPU_API int pts__cpu_known(const char *name) { return name && find(name) >= 0; }

PTS_CPU_API int pts__cpu_check(const pts_cpu *c, const char *name) {
    long i = name ? find(name) : -1;
    if (i < 0)
        return 0;
    int avx = (c->xcr0 & 0x6) == 0x6 && (c->regs[L1][ECX] >> 28 & 1);
    int avx512 = avx && (c->xcr0 & 0xe0) == 0xe0;
    if ((FEATURES[i].state == AVX && !avx) || (FEATURES[i].state == AVX512 && !avx512))
        return 0;
    return (int)(c->regs[FEATURES[i].leaf][FEATURES[i].reg] >> FEATURES[i].bit & 1);
}
