# Runs clang-format in dry-run mode over every C++ source of the project; fails on any diff.
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/engine/*.h ${SOURCE_DIR}/engine/*.cpp ${SOURCE_DIR}/bots/*.h ${SOURCE_DIR}/bots/*.cpp
     ${SOURCE_DIR}/server/*.h ${SOURCE_DIR}/server/*.cpp ${SOURCE_DIR}/db/*.h ${SOURCE_DIR}/db/*.cpp
     ${SOURCE_DIR}/bridge/*.h ${SOURCE_DIR}/bridge/*.cpp
     ${SOURCE_DIR}/tests/*.h ${SOURCE_DIR}/tests/*.cpp)
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
