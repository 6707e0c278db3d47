# Writes XBoard's plugin file for Timur (TIMUR_ENG_FILE) from what the built engine (TIMUR_EXE)
# announces in its XBoard handshake, so that the list of variants never goes stale. XBoard reads
# share/games/plugins/xboard/*.eng at start (its -autoInstall setting) and lists each engine for
# the variants named on the file's third line.
if(NOT TIMUR_EXE OR NOT TIMUR_ENG_FILE)
  message(FATAL_ERROR "write_eng.cmake needs TIMUR_EXE and TIMUR_ENG_FILE")
endif()
file(WRITE "${TIMUR_ENG_FILE}.in" "xboard\nprotover 2\nquit\n")
execute_process(COMMAND "${TIMUR_EXE}" INPUT_FILE "${TIMUR_ENG_FILE}.in"
                OUTPUT_VARIABLE handshake RESULT_VARIABLE status TIMEOUT 60)
file(REMOVE "${TIMUR_ENG_FILE}.in")
string(REGEX MATCH "feature variants=\"([^\"]*)\"" found "${handshake}")
if(NOT status EQUAL 0 OR NOT found)
  message(FATAL_ERROR "${TIMUR_EXE} announced no variants (exit ${status}):\n${handshake}")
endif()
file(WRITE "${TIMUR_ENG_FILE}" "plugin spec 0.0\ntimur\n${CMAKE_MATCH_1}\n")
