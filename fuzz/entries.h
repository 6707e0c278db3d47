// The fuzz targets' entry functions, shared by the libFuzzer programs (fuzz_*.cpp, built with
// -DTIMUR_FUZZ=ON and clang++) and by tests/fuzz_regression_test.cpp, which replays every input
// kept in fuzz/regressions/<target>/.
//
// Each entry accepts any bytes. Input the code under test rightly rejects (a ParseError, a
// VariantError, a FenError) is fine; a broken invariant throws fuzz::Failure; anything else (a
// crash, a sanitizer report, another exception) is a bug.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace timur::fuzz {

class Failure : public std::logic_error {
  public:
    using std::logic_error::logic_error;
};

// First byte: dialect (mod 3); second: board size; third: occupancy seed; the rest: the piece.
// Parses, writes XBetza back (which must parse again), compiles on the small board and walks the
// tables from every square.
void betzaEntry(std::string_view data);

// The bytes are a variant JSON file. A variant that loads must set up its start position and
// generate, make and unmake its legal moves.
void variantEntry(std::string_view data);

// First byte: which shipped variant (mod the size of fenVariants()); the rest: a FEN. A FEN
// that parses must round-trip, and every legal move must make and unmake exactly.
void fenEntry(std::string_view data);
const std::vector<std::string>& fenVariants();

// First byte: UCI (even) or XBoard (odd); the rest: command lines, rewritten so that every
// search and perft is tiny (see protocolScript), fed to protocol::run.
void protocolEntry(std::string_view data);
std::string protocolScript(std::string_view data);

// The targets by name ("betza", "variant", "fen", "protocol"), for the regression test.
using Entry = void (*)(std::string_view);
Entry entryByName(std::string_view name);

}  // namespace timur::fuzz
