# `cmake --install BUILD [--prefix P]`: the tools, the public headers, the
# subsystem libraries, a CMake package and a pkg-config file, so that a
# program written against flyc's C API builds out of tree with
#   find_package(flyc REQUIRED)  ...  target_link_libraries(app PRIVATE flyc::flyc)
# or
#   cc app.c $(pkg-config --cflags --libs flyc)
# (docs/kernel-authoring.md, "Building a program against flyc"). MLIR and
# LLVM are not installed: the package refers to the LLVM 22 installation
# flyc was built with (FLYC_LLVM_ROOT).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The subsystem libraries, in link order (each after the ones using it), and
# their names in the package (flyc::<name>).
set(FLYC_INSTALL_LIBS flyc_runtime flyc_target flyc_frontend flyc_transforms flyc_dialect flyc_emu
    flyc_layout flyc_codeobj flyc_support)
foreach(lib ${FLYC_INSTALL_LIBS})
  string(REPLACE "flyc_" "" name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${name})
endforeach()
target_include_directories(flyc_support INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)

# flyc::mlir: the MLIR C API flyc's compiler libraries call (its static
# CAPI archives, then the shared libMLIR and libLLVM), with its headers.
add_library(flyc_mlir INTERFACE)
set_target_properties(flyc_mlir PROPERTIES EXPORT_NAME mlir)
foreach(lib ${FLYC_MLIR_CAPI_LIBS})
  target_link_libraries(flyc_mlir INTERFACE "${FLYC_LLVM_LIB}/lib${lib}.a")
endforeach()
target_link_libraries(flyc_mlir INTERFACE "${FLYC_LLVM_LIB}/libMLIR.so"
                      "${FLYC_LLVM_LIB}/libLLVM.so" stdc++ m)
target_include_directories(flyc_mlir SYSTEM INTERFACE ${MLIR_INCLUDE_DIRS} ${LLVM_INCLUDE_DIRS})
target_link_options(flyc_mlir INTERFACE "-Wl,-rpath,${FLYC_LLVM_LIB}")

# flyc::compiler builds and compiles kernels (builder.h, target.h);
# flyc::runtime loads and launches code objects (runtime.h, emu.h);
# flyc::flyc is both.
add_library(flyc_compiler INTERFACE)
set_target_properties(flyc_compiler PROPERTIES EXPORT_NAME compiler)
target_link_libraries(flyc_compiler INTERFACE flyc_target flyc_frontend flyc_transforms flyc_dialect flyc_layout
                      flyc_codeobj flyc_support flyc_mlir)
add_library(flyc_all INTERFACE)
set_target_properties(flyc_all PROPERTIES EXPORT_NAME flyc)
target_link_libraries(flyc_all INTERFACE flyc_compiler flyc_runtime)

# A sanitizer build's libraries need the sanitizer runtimes in every program.
if(FLYC_SANITIZE)
  set(FLYC_SANITIZE_LINK -fsanitize=address,undefined)
  target_link_options(flyc_support INTERFACE
                      $<INSTALL_INTERFACE:${FLYC_SANITIZE_LINK}>)
else()
  set(FLYC_SANITIZE_LINK "")
endif()

install(TARGETS ${FLYC_INSTALL_LIBS} flyc_mlir flyc_compiler flyc_all
        EXPORT flycTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS flyc-compiler LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
set(FLYC_INSTALL_TOOLS flyc fly-opt)
foreach(tool flyc-run gemm-gen)
  if(TARGET ${tool})
    list(APPEND FLYC_INSTALL_TOOLS ${tool})
  endif()
endforeach()
install(TARGETS ${FLYC_INSTALL_TOOLS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/flyc DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(FLYC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/flyc)
install(EXPORT flycTargets NAMESPACE flyc:: DESTINATION ${FLYC_CMAKE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/flycConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/package/flycConfig.cmake
                              INSTALL_DESTINATION ${FLYC_CMAKE_DIR}
                              PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/package/flycConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/package/flycConfig.cmake ${CMAKE_BINARY_DIR}/package/flycConfigVersion.cmake
        DESTINATION ${FLYC_CMAKE_DIR})

# flyc.pc: the same link line as flyc::flyc.
set(FLYC_PC_LIBS "")
foreach(lib ${FLYC_INSTALL_LIBS})
  string(APPEND FLYC_PC_LIBS " -l${lib}")
endforeach()
foreach(lib ${FLYC_MLIR_CAPI_LIBS})
  string(APPEND FLYC_PC_LIBS " ${FLYC_LLVM_LIB}/lib${lib}.a")
endforeach()
list(TRANSFORM CMAKE_DL_LIBS PREPEND "-l" OUTPUT_VARIABLE FLYC_PC_DL)
string(JOIN " " FLYC_PC_DL ${FLYC_PC_DL})
string(APPEND FLYC_PC_LIBS " -L${FLYC_LLVM_LIB} -Wl,-rpath,${FLYC_LLVM_LIB} -lMLIR -lLLVM"
       " -lstdc++ -lm -pthread ${FLYC_PC_DL}")
if(FLYC_SANITIZE_LINK)
  string(APPEND FLYC_PC_LIBS " ${FLYC_SANITIZE_LINK}")
endif()
configure_file(${CMAKE_SOURCE_DIR}/cmake/flyc.pc.in ${CMAKE_BINARY_DIR}/package/flyc.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/package/flyc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
