# ctest (label long): a few fast games of Timur against Fairy-Max. Timur must score at least
# half the points and lose no game by a time forfeit, an illegal move, a hang or a crash.
# Usage: cmake -DTIMUR=path/to/timur -DVARIANT=chess -DGAMES=4 -DTC=5+0.05 -P strength_check.cmake
set(FAIRYMAX /usr/games/fairymax)
if(NOT EXISTS ${FAIRYMAX})
  message(STATUS "fairymax is not installed: skipped")
  return()
endif()
execute_process(
  COMMAND ${TIMUR} match --engine name=Timur,cmd=${TIMUR},proto=xboard
          --engine name=Fairy-Max,cmd=${FAIRYMAX},proto=xboard --variant ${VARIANT}
          --games ${GAMES} --tc ${TC} --random-plies 4 --seed 7
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "timur match exited with ${rc}: ${err}")
endif()
# Timur's failures only (Fairy-Max's own stalls and false claims are its business).
foreach(bad "on time" "illegal move" "disconnects" "connection stalls" "rejects" "false claim")
  if(out MATCHES "\\(Timur vs Fairy-Max\\): 0-1 {[^\n]*${bad}" OR
     out MATCHES "\\(Fairy-Max vs Timur\\): 1-0 {[^\n]*${bad}")
    message(FATAL_ERROR "Timur lost a game by '${bad}'")
  endif()
endforeach()
# The final score: the line just before "Elo difference".
string(REGEX MATCH "Score of Timur vs Fairy-Max: ([0-9]+) - ([0-9]+) - ([0-9]+)[^\n]*\nElo" final
       "${out}")
if(NOT final)
  message(FATAL_ERROR "no final score line")
endif()
set(wins ${CMAKE_MATCH_1})
set(draws ${CMAKE_MATCH_3})
math(EXPR twice "2 * ${wins} + ${draws}")
message(STATUS "Timur: ${wins} wins, ${draws} draws in ${GAMES} games")
if(twice LESS GAMES)
  message(FATAL_ERROR "Timur scored less than half against Fairy-Max in ${VARIANT}")
endif()
