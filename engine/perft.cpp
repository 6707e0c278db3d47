#include "engine/perft.h"

#include "engine/movegen.h"

namespace timur {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    MoveList moves;
    generateLegal(pos, moves);
    if (depth == 1) return std::uint64_t(moves.size);
    std::uint64_t n = 0;
    for (const Move& m : moves) {
        pos.makeMove(m);
        n += perft(pos, depth - 1);
        pos.unmakeMove();
    }
    return n;
}

std::vector<std::pair<std::string, std::uint64_t>> perftDivide(Position& pos, int depth,
                                                               const PerftProgress& onMove) {
    std::vector<std::pair<std::string, std::uint64_t>> out;
    MoveList moves;
    generateLegal(pos, moves);
    for (const Move& m : moves) {
        std::string text = moveText(pos, m);
        pos.makeMove(m);
        out.emplace_back(text, perft(pos, depth - 1));
        pos.unmakeMove();
        if (onMove) onMove(int(out.size()), moves.size, text, out.back().second);
    }
    return out;
}

}  // namespace timur
