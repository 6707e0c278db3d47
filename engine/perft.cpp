#include "engine/perft.h"

#include "engine/movegen.h"
#include "engine/movegen_bitboards.h"

namespace timur {

std::uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop) {
    if (depth <= 0) return 1;
    if (depth == 1) {
        // The last ply is counted, not listed, where the bitboards can.
        int counted = countLegalMoves(pos);
        if (counted >= 0) return std::uint64_t(counted);
    }
    MoveList moves;
    generateLegal(pos, moves);
    if (depth == 1) return std::uint64_t(moves.size);
    std::uint64_t n = 0;
    for (const Move& m : moves) {
        if (stop && stop->load(std::memory_order_relaxed)) break;
        pos.makeMove(m);
        n += perft(pos, depth - 1, stop);
        pos.unmakeMove();
    }
    return n;
}

std::vector<std::pair<std::string, std::uint64_t>> perftDivide(Position& pos, int depth,
                                                               const PerftProgress& onMove) {
    std::vector<std::pair<std::string, std::uint64_t>> out;
    MoveList moves;
    generateLegal(pos, moves);
    int total = int(moves.size);
    perftDivide(
        pos, depth,
        [&](const std::string& move, std::uint64_t n) {
            out.emplace_back(move, n);
            if (onMove) onMove(int(out.size()), total, move, n);
        },
        nullptr);
    return out;
}

bool perftDivide(Position& pos, int depth, const PerftMoveReport& onMove,
                 const std::atomic<bool>* stop) {
    MoveList moves;
    generateLegal(pos, moves);
    for (const Move& m : moves) {
        std::string text = moveText(pos, m);
        pos.makeMove(m);
        std::uint64_t n = perft(pos, depth - 1, stop);
        pos.unmakeMove();
        if (stop && stop->load(std::memory_order_relaxed)) return false;
        onMove(text, n);
    }
    return true;
}

}  // namespace timur
