# ctest: `timur bench DEPTH` twice. Each run must end with "Nodes searched: N" and
# "Nodes/second: N", and both runs must search the same number of nodes (the bench is
# deterministic: one thread, fresh tables for every position).
# Usage: cmake -DTIMUR=path/to/timur -DDEPTH=3 -P bench_check.cmake
foreach(run 1 2)
  execute_process(COMMAND ${TIMUR} bench ${DEPTH} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "timur bench exited with ${rc}:\n${out}")
  endif()
  if(NOT out MATCHES "Nodes searched: ([0-9]+)\nNodes/second: ([0-9]+)\n$")
    message(FATAL_ERROR "the last two lines are not 'Nodes searched: N' and 'Nodes/second: N':\n${out}")
  endif()
  set(nodes${run} ${CMAKE_MATCH_1})
  if(nodes${run} EQUAL 0)
    message(FATAL_ERROR "timur bench searched no nodes")
  endif()
endforeach()
if(NOT nodes1 EQUAL nodes2)
  message(FATAL_ERROR "timur bench is not deterministic: ${nodes1} nodes, then ${nodes2}")
endif()
message(STATUS "timur bench ${DEPTH}: ${nodes1} nodes, twice")
