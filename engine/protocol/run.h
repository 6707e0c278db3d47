// The protocol engine: `timur` with no subcommand. It reads the first command from stdin and
// speaks XBoard (CECP v2, protocol/xboard.h) or UCI (protocol/uci.h) from then on.
#pragma once

#include <iosfwd>

#include "engine/protocol/session.h"

namespace timur::protocol {

// Runs the engine until `quit` or end of input; returns the exit code.
int run(std::istream& in, std::ostream& out);
// The same with the variants already loaded (a copy: files loaded during the run stay in it).
// Lets a test or fuzzer start many engines without compiling every shipped variant each time.
int run(std::istream& in, std::ostream& out, VariantSet variants);

}  // namespace timur::protocol
