"""The names of the native ABI (DESIGN.md §5) that code generation and the loaders share,
in a module that imports nothing of pts, so loading compiled code (pts.runtime.native, archive
images, the disk cache) needs neither llvmlite nor the code generator.

CTX_FIELDS: the context's fields in order (runtime/native.py Context, runtime/_dispatch.c
Context, runtime/c/loader.c); append only too — libpts loads an archive whose context is
a prefix of its own (an older one: its code never touches the fields after).  IMPORTS: the slots of the import table the context points
at; append only — archives record these names and loaders fill the table by name.
IMPORT_MATH: the libm functions among them, with their number of f64 arguments.
The image format (backend.link writes it; runtime.image and runtime/c/loader.c read it):
the header, region, entry, import and fixup records, the fixup kinds, the ELF machine
numbers, and the prefix of the kernel library's symbols (link(library=True)).
"""
import struct

CTX_FIELDS = ["kind", "line", "col", "file", "msg", "func", "imports", "lists", "stack_limit",
              # the free part of the call's current block of objects, carved by obj.new
              # (backend/object_codegen.py); null until the first object, and after release
              "arena_next", "arena_end"]
IMPORTS = ["malloc", "realloc", "free", "write_str", "write_i64", "write_f64", "write_bool",
           "write_list",
           # math: libm's functions, so native results equal CPython's bit for bit and an
           # archive's image needs no symbol of the system's libm (fmod is frem's lowering)
           "fmod", "pow", "exp", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos",
           "atan", "sinh", "cosh", "tanh", "atan2", "hypot",
           # void parallel_for(fn, data, n, grain): the thread pool (runtime/c/threads.h)
           "parallel_for",
           # i32 str_call(ctx, desc, argv, out): the str.* ops (backend/str_codegen.py)
           "str_call",
           # the hash tables of dicts and sets (runtime/c/dicts.h; backend/dict_codegen.py)
           "dict_new", "dict_find", "dict_put", "dict_del", "dict_next", "dict_last",
           "dict_entry", "dict_clear", "dict_copy",
           # more of libm (math.log1p, ...: frontend/check_numbers.py)
           "log1p", "expm1", "erf", "erfc", "cbrt", "exp2", "nextafter",
           # i32 str_op(ctx, desc, argv, out): the same, with a word before desc where the
           # runtime keeps the decoded op (runtime/c/str_internal.h)
           "str_op",
           # ptr str_alloc(ctx, i64 nbytes, i64 code points): a new string's bytes to fill
           # (lengths and NUL written), in the call's arena (runtime/c/strings.c)
           "str_alloc",
           # void write_err(ctx, str): print(..., file=sys.stderr), traceback.print_exc()
           "write_err"]
IMPORT_MATH = {"fmod": 2, "pow": 2, "atan2": 2, "hypot": 2, "exp": 1, "log": 1, "log2": 1,
               "log10": 1, "sin": 1, "cos": 1, "tan": 1, "asin": 1, "acos": 1, "atan": 1,
               "sinh": 1, "cosh": 1, "tanh": 1, "log1p": 1, "expm1": 1, "erf": 1, "erfc": 1,
               "cbrt": 1, "exp2": 1, "nextafter": 2}

MAGIC = b"PTSIMG01"
HEADER = struct.Struct("<8sIIIIQIIIIIIQ")
REGION = struct.Struct("<QQQQII")
ENTRY = struct.Struct("<IIQQ")
IMPORT = struct.Struct("<II")
FIXUP = struct.Struct("<QIIq")
assert HEADER.size == 64 and REGION.size == 40 and ENTRY.size == 24 and FIXUP.size == 24
FIX_BASE, FIX_IMPORT = 1, 2
EM_X86_64, EM_AARCH64 = 62, 183
LIBRARY_PREFIX = "pts_lib."             # backend.kernel_library's symbols
