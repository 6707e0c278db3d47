#include "fuzz/entries.h"

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/protocol/run.h"
#include "engine/rules.h"
#include "engine/text.h"
#include "engine/variant.h"
#include "notation/compile.h"
#include "notation/parse.h"
#include "notation/walk.h"

namespace timur::fuzz {

namespace {

void check(bool ok, const std::string& what) {
    if (!ok) throw Failure(what);
}

// A small deterministic generator for the parts of an input that are not text.
struct Bytes {
    std::uint32_t state;
    explicit Bytes(std::uint8_t seed) : state(seed * 2654435761u + 1) {}
    std::uint32_t next() {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return state;
    }
};

// An upper bound on the nodes one square's path tree of `piece` can have, to keep the compiler
// from building trees of millions of nodes for descriptions like "(QQQ)0" (a cap on the fuzzer's
// input, not a limit of the compiler).
double treeBound(const betza::PieceMoves& piece, const Geometry& g) {
    const int board = std::max(g.files, g.ranks);
    double total = 0;
    for (const auto& m : piece.moves) {
        double n = 1;
        for (const auto& leg : m.legs) {
            int dirs = std::max(1, __builtin_popcount(leg.dirs));
            int steps = leg.maxRange == betza::kUnlimited ? 2 * board : leg.maxRange;
            n *= double(dirs) * std::max(1, std::min(steps, 4 * board));
            if (n > 1e9) return n;
        }
        if (m.repeat) n *= double(g.files + g.ranks) * (m.repeat->lastLeg - m.repeat->firstLeg + 1);
        total += n;
    }
    return total;
}

constexpr double kMaxTree = 20000;

}  // namespace

void betzaEntry(std::string_view data) {
    if (data.size() < 3 || data.size() > 64) return;
    const auto dialect = betza::Dialect(std::uint8_t(data[0]) % 3);
    const std::uint8_t size = std::uint8_t(data[1]);
    Bytes rnd{std::uint8_t(data[2])};
    const std::string_view text = data.substr(3);

    betza::PieceMoves piece;
    try {
        piece = betza::parse(text, dialect);
    } catch (const betza::ParseError&) {
        return;
    }

    // What the writer emits must be XBetza that parses again.
    std::string why;
    if (auto x = betza::toXBetza(piece, &why)) {
        try {
            betza::parseXBetza(*x);
        } catch (const betza::ParseError& e) {
            throw Failure("toXBetza wrote '" + *x + "', which does not parse: " + e.what());
        }
    }

    Geometry g;
    g.files = 2 + size % 7;        // 2..8
    g.ranks = 2 + (size / 7) % 7;  // 2..8
    for (int sq = 0; sq < g.squareCount(); ++sq)
        if (size >= 224 && rnd.next() % 8 == 0) g.holes.set(sq);
    if (treeBound(piece, g) > kMaxTree) return;

    betza::CompiledPiece compiled;
    try {
        compiled = betza::compile(piece, g);
    } catch (const std::invalid_argument&) {
        return;
    }
    for (int c = 0; c < 2; ++c)
        check(int(compiled.ranges[c].size()) >= g.squareCount(), "ranges do not cover the board");
    for (const auto& n : compiled.nodes) {
        check(n.sq < g.squareCount() && !g.holes[n.sq], "a path node off the board or on a hole");
        check(n.skip <= compiled.nodes.size(), "a skip beyond the node array");
    }

    betza::WalkBoard board;
    board.occ.assign(g.squareCount(), betza::kOccEmpty);
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        std::uint32_t r = rnd.next() % 4;
        board.occ[sq] = r < 2 ? betza::kOccEmpty : r == 2 ? betza::kOccEnemy : betza::kOccFriend;
        if (board.occ[sq] == betza::kOccEnemy && rnd.next() % 4 == 0) board.royal.set(sq);
    }
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        if (g.holes[sq]) continue;
        board.epSquare = board.occ[sq] == betza::kOccEmpty && rnd.next() % 3 == 0 ? sq : -1;
        board.epVictim = board.epSquare >= 0 ? int(rnd.next() % g.squareCount()) : -1;
        for (int c = 0; c < 2; ++c)
            for (bool virgin : {false, true})
                for (const auto& m : betza::walk(compiled, c, sq, board, virgin)) {
                    check(m.to >= 0 && m.to < g.squareCount() && !g.holes[m.to],
                          "a walk move off the board");
                    for (int v : m.captures)
                        check(v >= 0 && v < g.squareCount(), "a capture off the board");
                }
    }
}

void variantEntry(std::string_view data) {
    if (data.size() > 20000) return;
    std::shared_ptr<const Variant> v;
    try {
        v = loadVariantText(std::string(data), "fuzz");
    } catch (const VariantError&) {
        return;
    }
    Position pos(v);
    try {
        pos.setStart();
    } catch (const FenError& e) {
        throw Failure(std::string("a loaded variant's start position does not parse: ") + e.what());
    }
    std::string fen = pos.fen();
    std::uint64_t hash = pos.hash();
    MoveList legal;
    generateLegal(pos, legal);
    gameEnd(pos, legal);
    for (const Move& m : legal) {
        moveText(pos, m);
        pos.makeMove(m);
        pos.unmakeMove();
        check(pos.fen() == fen && pos.hash() == hash, "make/unmake did not restore the start");
    }
}

const std::vector<std::string>& fenVariants() {
    // A fixed list, so that a kept input means the same variant when variants are added.
    static const std::vector<std::string> names = {
        "chess",   "crazyhouse", "shogi",       "xiangqi",    "grand",   "capablanca", "makruk",
        "courier", "shatranj",   "grasshopper", "nightrider", "omicron", "tamerlane"};
    return names;
}

namespace {

std::shared_ptr<const Variant> shipped(size_t i) {
    static std::map<size_t, std::shared_ptr<const Variant>> cache;
    auto it = cache.find(i);
    if (it != cache.end()) return it->second;
    std::shared_ptr<const Variant> v;
    try {
        v = loadVariant(fenVariants()[i]);
    } catch (const VariantError&) {
        // Not shipped (yet): the input is skipped.
    }
    return cache[i] = v;
}

}  // namespace

void fenEntry(std::string_view data) {
    if (data.empty() || data.size() > 400 || fenVariants().empty()) return;
    auto variant = shipped(std::uint8_t(data[0]) % fenVariants().size());
    if (!variant) return;
    Position pos(variant);
    try {
        pos.setFen(std::string(data.substr(1)));
    } catch (const FenError&) {
        return;
    }
    const std::string fen = pos.fen();
    const std::uint64_t hash = pos.hash();
    const std::string where = variant->name + " " + fen;
    {
        Position again(variant);
        try {
            again.setFen(fen);
        } catch (const FenError& e) {
            throw Failure(where + ": fen() does not parse again: " + e.what());
        }
        check(again.fen() == fen, where + ": fen() does not round-trip: " + again.fen());
        check(again.hash() == hash, where + ": hash differs after a FEN round trip");
    }
    MoveList legal;
    generateLegal(pos, legal);
    gameEnd(pos, legal);
    for (const Move& m : legal) {
        std::string text = moveText(pos, m);
        check(!parseMove(pos, text).isNull(), where + ": moveText " + text + " does not parse");
        pos.makeMove(m);
        {
            Position fresh(variant);
            try {
                fresh.setFen(pos.fen());
            } catch (const FenError& e) {
                throw Failure(where + " after " + text + ": fen() does not parse: " + e.what());
            }
            check(fresh.hash() == pos.hash(),
                  where + " after " + text + ": incremental hash differs from a fresh one");
        }
        MoveList reply;
        generateLegal(pos, reply);
        gameEnd(pos, reply);
        pos.unmakeMove();
        check(pos.fen() == fen, where + ": unmake of " + text + " gives " + pos.fen());
        check(pos.hash() == hash, where + ": unmake of " + text + " does not restore the hash");
    }
}

std::string protocolScript(std::string_view data) {
    if (data.empty()) return "";
    const bool uci = std::uint8_t(data[0]) % 2 == 0;
    std::istringstream in(std::string(data.substr(1)));
    std::ostringstream out;
    // A 1 MiB table: the fuzzer runs thousands of sessions, each would clear 16 MiB.
    out << (uci ? "uci\nsetoption name Hash value 1\n" : "xboard\nprotover 2\nmemory 1\nsd 1\n");
    std::string line;
    int lines = 0;
    while (std::getline(in, line) && ++lines <= 40) {
        if (line.size() > 300) line.resize(300);
        auto w = words(line);
        std::string cmd = w.empty() ? "" : w[0];
        std::string lowerLine = line;
        for (char& c : lowerLine) c = char(std::tolower(static_cast<unsigned char>(c)));
        // Files named by the input (they could be /dev/stdin) and big hash tables stay out.
        if (lowerLine.find("variantfile") != std::string::npos ||
            lowerLine.find("hash") != std::string::npos || cmd == "memory")
            continue;
        if (uci && cmd == "go") {
            // Every search is depth 1; perft at most 2.
            bool perft = std::find(w.begin(), w.end(), "perft") != w.end();
            bool infinite = std::find(w.begin(), w.end(), "infinite") != w.end();
            bool ponder = std::find(w.begin(), w.end(), "ponder") != w.end();
            if (perft)
                line = "go perft 2";
            else
                line = std::string("go depth 1") + (infinite ? " infinite" : "") +
                       (ponder ? " ponder" : "");
        } else if (!uci && (cmd == "sd" || cmd == "st" || cmd == "level" || cmd == "time" ||
                            cmd == "otim" || cmd == "nps")) {
            out << line << "\nsd 1\n";  // depth 1 whatever the clock says
            continue;
        } else if (!uci && cmd == "perft") {
            line = "perft 2";
        }
        out << line << '\n';
        if (!uci && cmd == "new") out << "sd 1\n";  // `new` forgets the depth limit
    }
    return out.str();
}

void protocolEntry(std::string_view data) {
    if (data.size() > 4000) return;
    std::istringstream in(protocolScript(data));
    std::ostringstream out;
    static const protocol::VariantSet shipped = [] {
        protocol::VariantSet set;
        set.loadShipped();
        return set;
    }();
    protocol::run(in, out, shipped);
}

Entry entryByName(std::string_view name) {
    if (name == "betza") return betzaEntry;
    if (name == "variant") return variantEntry;
    if (name == "fen") return fenEntry;
    if (name == "protocol") return protocolEntry;
    return nullptr;
}

}  // namespace timur::fuzz
