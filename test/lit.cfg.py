# The flyc lit suite: RUN lines use flyc's tools, LLVM 22's FileCheck and
# binutils-like tools, and C test programs through %testbin.
import os
import lit.formats

config.name = "flyc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".c", ".s", ".test", ".cl"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.flyc_obj_root, "test")

path = os.pathsep.join([config.flyc_tools_dir, config.llvm_tools_dir,
                        config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"
# Every flyc-run in the suite checks hazards (docs/emulator.md, "Hazard
# detection"): a kernel missing a wait or a barrier fails here even when its
# numbers come out right on the emulator.
config.environment["FLYC_RUN_CHECK_HAZARDS"] = "1"
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

config.substitutions.append(("%exitcode", "python3 " + os.path.join(
    config.test_source_root, "Inputs", "exitcode.py")))
config.substitutions.append(("%testbin", config.flyc_test_bin))
path = os.pathsep.join([config.flyc_test_bin, config.environment["PATH"]])
config.environment["PATH"] = path
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%llvmbin", config.llvm_tools_dir))
config.substitutions.append(("%flyc_lib", os.path.join(config.flyc_obj_root, "lib",
                                                       "libflyc-compiler.so")))
config.substitutions.append(("%examples", os.path.join(config.flyc_src_root, "examples")))
# The build tree and its compilers, for the packaging test (cmake --install
# and programs built against the installed tree).
config.substitutions.append(("%flyc_build", config.flyc_obj_root))
config.substitutions.append(("%cc", config.flyc_cc))
config.substitutions.append(("%cxx", config.flyc_cxx))
config.substitutions.append(("%kernels", os.path.join(config.flyc_src_root, "kernels")))

if os.path.exists("/usr/lib/llvm-22/bin/clang"):
    config.available_features.add("clang")
if config.flyc_sanitize:
    config.available_features.add("sanitize")
if config.flyc_static_llvm:
    config.available_features.add("static-llvm")

# The fake HIP runtimes built by test/runtime (fakehip.c), and whether a real
# one can be loaded here (Debian's libamdhip64-5 or a ROCm install) and a GPU
# exists: tests of the real runtime without a GPU need hip-runtime and !gpu.
config.substitutions.append(("%fakehip6", os.path.join(config.flyc_test_bin, "fakehip6",
                                                       "libamdhip64.so")))
config.substitutions.append(("%fakehip5", os.path.join(config.flyc_test_bin, "fakehip5",
                                                       "libamdhip64.so.5")))
config.environment.pop("FLYC_HIP_LIBRARY", None)
for var in ("FAKEHIP_LOG", "FAKEHIP_DEVICES", "FAKEHIP_ARCH", "FAKEHIP_FAIL"):
    config.environment.pop(var, None)
def _hip_runtime_loadable():
    import ctypes
    for name in ("libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"):
        try:
            ctypes.CDLL(name)
            return True
        except OSError:
            pass
    return False
if _hip_runtime_loadable():
    config.available_features.add("hip-runtime")
if os.path.exists("/dev/kfd"):
    config.available_features.add("gpu")
