# The emulator's ISA side: decoder, instruction semantics, conversions, MFMA.
# Included by lib/emu/CMakeLists.txt (and by test/emu/isa when the library
# target does not exist yet); appends absolute paths to FLYC_EMU_ISA_SOURCES.
list(APPEND FLYC_EMU_ISA_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/emu_decode.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_decode_tables.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_format.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_exec.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_exec_scalar.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_exec_vint.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_exec_vcmp.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_exec_vfloat.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_exec_cvt.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_exec_lane.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_exec_mem.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_exec_lds.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_fp.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_mfma.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_info.c
  ${CMAKE_CURRENT_LIST_DIR}/emu_step.c)
