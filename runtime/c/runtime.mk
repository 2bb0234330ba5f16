# runtime.mk — build libpts (static and shared) and pts-run with the system C compiler.
# Included by the top-level Makefile (`make runtime`); usable alone:
#     make -f runtime/c/runtime.mk BUILD=build
# Only libc and libm (and pthreads, part of libc since glibc 2.34): no Python, no LLVM.
CC ?= cc
BUILD ?= build
PTS_C := runtime/c
PTS_CFLAGS := -std=c11 -Wall -Wextra -Werror -O2 -fPIC -fvisibility=hidden -pthread
PTS_LIB_SRC := $(PTS_C)/zip.c $(PTS_C)/json.c $(PTS_C)/format.c $(PTS_C)/npy.c $(PTS_C)/loader.c \
               $(PTS_C)/threads.c $(PTS_C)/cpu.c $(PTS_C)/blocks.c $(PTS_C)/train.c \
               $(PTS_C)/strings.c $(PTS_C)/str_methods.c $(PTS_C)/dicts.c
PTS_LIB_OBJ := $(patsubst $(PTS_C)/%.c,$(BUILD)/obj/%.o,$(PTS_LIB_SRC))
PTS_HDR := $(PTS_C)/pts.h $(PTS_C)/internal.h $(PTS_C)/threads.h $(PTS_C)/cpu.h \
           $(PTS_C)/blocks.h $(PTS_C)/str_internal.h $(PTS_C)/dicts.h

.PHONY: runtime
runtime: $(BUILD)/libpts.a $(BUILD)/libpts.so $(BUILD)/pts-run

$(BUILD)/obj/%.o: $(PTS_C)/%.c $(PTS_HDR)
	@mkdir -p $(BUILD)/obj
	$(CC) $(PTS_CFLAGS) $(EXTRA_CFLAGS) -c $< -o $@

$(BUILD)/libpts.a: $(PTS_LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/libpts.so: $(PTS_LIB_OBJ)
	$(CC) -shared -pthread $(EXTRA_CFLAGS) -o $@ $^ -lm

$(BUILD)/pts-run: $(PTS_C)/pts-run.c $(BUILD)/libpts.a $(PTS_HDR)
	$(CC) $(PTS_CFLAGS) $(EXTRA_CFLAGS) -o $@ $(PTS_C)/pts-run.c $(BUILD)/libpts.a -lm

# The libFuzzer harness of the loader (needs clang; not built by `runtime`).
.PHONY: fuzz
fuzz: $(BUILD)/fuzz_loader
$(BUILD)/fuzz_loader: $(PTS_C)/fuzz/fuzz_loader.c $(PTS_LIB_SRC) $(PTS_HDR)
	@mkdir -p $(BUILD)
	clang -std=c11 -g -O1 -pthread -fsanitize=fuzzer,address,undefined -I$(PTS_C) -o $@ \
	    $(PTS_C)/fuzz/fuzz_loader.c $(PTS_LIB_SRC) -lm
