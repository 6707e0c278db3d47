#include "engine/protocol/run.h"

#include <algorithm>
#include <iostream>
#include <utility>

#include "engine/protocol/uci.h"
#include "engine/protocol/xboard.h"
#include "engine/text.h"

namespace timur::protocol {

int run(std::istream& in, std::ostream& out) {
    VariantSet variants;
    variants.loadShipped();
    return run(in, out, std::move(variants));
}

int run(std::istream& in, std::ostream& out, VariantSet variants) {
    Output output(out);
    if (!variants.defaultVariant()) {
        output.line("tellusererror No variant could be loaded from " + variantsDirectory());
        for (const auto& e : variants.errors()) output.line("# " + e);
        return 1;
    }
    std::string line;
    // The first non-empty command picks the protocol; UCI's commands pick UCI, anything else
    // (xboard, protover, a move, perft, ...) XBoard.
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty()) continue;
        auto w = words(line);
        static const char* uciFirst[] = {"uci", "isready", "ucinewgame", "setoption", "position"};
        bool uci = std::any_of(std::begin(uciFirst), std::end(uciFirst),
                               [&](const char* c) { return w[0] == c; });
        if (uci) {
            UciEngine engine(output, variants);
            if (!engine.handle(line)) return 0;
            while (std::getline(in, line))
                if (!engine.handle(trim(line))) return 0;
            engine.finish();
            return 0;
        }
        XBoardEngine engine(output, variants);
        if (!engine.handle(line)) return 0;
        while (std::getline(in, line))
            if (!engine.handle(trim(line))) return 0;
        engine.finish();
        return 0;
    }
    return 0;
}

}  // namespace timur::protocol
