# Runs clang-format in dry-run mode over every C++ source of the project (every *.h, *.cpp and *.cc
# of the tree, whatever its folder, except build folders and node_modules); fails on any diff.
file(GLOB_RECURSE found RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/*.h ${SOURCE_DIR}/*.cpp ${SOURCE_DIR}/*.cc)
set(sources "")
foreach(path IN LISTS found)
  if(NOT path MATCHES "^(build[^/]*|\\.[^/]*)/" AND NOT path MATCHES "(^|/)node_modules/")
    list(APPEND sources ${path})
  endif()
endforeach()
list(LENGTH sources count)
if(count EQUAL 0)
  message(FATAL_ERROR "no sources found under ${SOURCE_DIR}")
endif()
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${sources}
                WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "clang-format differences:\n${err}")
endif()
message(STATUS "${count} files formatted correctly")
