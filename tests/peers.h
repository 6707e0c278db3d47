// The engines and GUIs Timur is tested against ("peers": fairy-stockfish, fairymax, xboard).
// A test that needs a missing one skips (ctest reports it as skipped), unless the environment
// says the peers must be there (TIMUR_REQUIRE_PEERS=1, set by `make test` and CI, which install
// them): then a missing peer is a failure.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace timur::test {

inline bool peersRequired() {
    const char* v = std::getenv("TIMUR_REQUIRE_PEERS");
    return v && std::string(v) == "1";
}

}  // namespace timur::test

// Ends the test: skipped, or failed when TIMUR_REQUIRE_PEERS=1. `what` says which peer is missing.
#define TIMUR_PEER_MISSING(what)                                                           \
    do {                                                                                   \
        if (::timur::test::peersRequired())                                                \
            GTEST_FAIL() << (what) << " (TIMUR_REQUIRE_PEERS=1: peers must be installed)"; \
        GTEST_SKIP() << (what);                                                            \
    } while (0)
