#include "engine/protocol/uci.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "engine/movegen.h"
#include "engine/rules.h"
#include "engine/search_params.h"
#include "engine/text.h"
#include "engine/version.h"

namespace timur::protocol {

namespace {

// Parses an integer word; false if it is not one.
bool toInt(const std::string& s, long long& v) {
    try {
        size_t used = 0;
        v = std::stoll(s, &used);
        return used == s.size();
    } catch (...) {
        return false;
    }
}

std::string infoLine(const SearchInfo& i) {
    std::ostringstream s;
    s << "info depth " << i.depth << " seldepth " << i.seldepth;
    if (i.multiPv > 0) s << " multipv " << i.multiPv;
    s << " score ";
    if (i.isMate())
        s << "mate " << i.mateMoves();
    else
        s << "cp " << i.score;
    s << " nodes " << i.nodes << " nps " << i.nps << " time " << i.timeMs << " hashfull "
      << i.hashfull;
    if (!i.pvText.empty()) {
        s << " pv";
        for (const auto& m : i.pvText) s << ' ' << m;
    }
    return s.str();
}

}  // namespace

UciEngine::UciEngine(Output& out, VariantSet& variants) : out_(out), variants_(variants) {
    variant_ = variants_.defaultVariant();
    pos_ = std::make_unique<Position>(variant_);
    pos_->setStart();
    search_.setHashMb(hashMb_);
}

UciEngine::~UciEngine() {
    stopSearch();
}

void UciEngine::stopSearch() {
    perft_.stop();
    search_.stop();
    search_.wait();
    searching_ = false;
}

void UciEngine::finish() {
    perft_.wait();
    if (searching_ && !infiniteSearch_)
        search_.wait();
    else
        search_.stop();
    search_.wait();
    searching_ = false;
}

void UciEngine::uci() {
    out_.line(std::string("id name ") + engineName() + " " + engineVersion());
    out_.line("id author the Timur developers");
    out_.line("option name Hash type spin default 16 min 1 max 4096");
    out_.line("option name Threads type spin default 1 min 1 max " + std::to_string(kMaxThreads));
    out_.line("option name Clear Hash type button");
    out_.line("option name Ponder type check default false");
    out_.line("option name Move Overhead type spin default " + std::to_string(overheadMs_) +
              " min 0 max 5000");
    for (const auto& line : playOptions_.uciOptions()) out_.line(line);
    std::string combo = "option name UCI_Variant type combo default " + variant_->name;
    for (const auto& n : variants_.names()) combo += " var " + n;
    out_.line(combo);
    out_.line("option name VariantFile type string default <empty>");
    for (const auto& t : search_params::tunables())
        out_.line(std::string("option name Tune_") + t.name + " type spin default " +
                  std::to_string(*t.value) + " min " + std::to_string(t.lowest) + " max " +
                  std::to_string(t.highest));
    out_.line("uciok");
}

void UciEngine::setVariant(std::shared_ptr<const Variant> v) {
    variant_ = std::move(v);
    eval_.reset();
    pos_ = std::make_unique<Position>(variant_);
    pos_->setStart();
    posStart_.clear();
    out_.line("info string variant " + variant_->name + " files " +
              std::to_string(variant_->board.files) + " ranks " +
              std::to_string(variant_->board.ranks) + " startpos " + variant_->startFen);
}

// A search margin (`Tune_NAME`; only a build with TIMUR_TUNE has any).
void UciEngine::setTunable(const std::string& name, const std::string& value) {
    for (const auto& t : search_params::tunables()) {
        if (lower(t.name) != lower(name)) continue;
        long long v;
        if (!toInt(value, v) || v < t.lowest || v > t.highest)
            return info(std::string("Tune_") + t.name + " must be " + std::to_string(t.lowest) +
                        ".." + std::to_string(t.highest));
        stopSearch();
        *t.value = int(v);
        search_params::refreshTables();
        return;
    }
    info("unknown option: Tune_" + name);
}

void UciEngine::setOption(const std::string& line) {
    // setoption name NAME [value VALUE]; NAME and VALUE may contain blanks.
    auto w = words(line);
    std::string name, value;
    bool inValue = false, seenName = false;
    for (size_t i = 1; i < w.size(); ++i) {
        if (!seenName && w[i] == "name") {
            seenName = true;
            continue;
        }
        if (!inValue && w[i] == "value") {
            inValue = true;
            continue;
        }
        std::string& target = inValue ? value : name;
        target += (target.empty() ? "" : " ") + w[i];
    }
    std::string key = lower(name);
    if (key.rfind("tune_", 0) == 0) return setTunable(name.substr(5), value);
    if (key == "hash") {
        long long mb;
        if (!toInt(value, mb) || mb < 1 || mb > 4096) return info("Hash must be 1..4096");
        stopSearch();
        hashMb_ = int(mb);
        search_.setHashMb(hashMb_);
    } else if (key == "threads") {
        long long n;
        if (!toInt(value, n) || n < 1 || n > kMaxThreads)
            return info("Threads must be 1.." + std::to_string(kMaxThreads));
        stopSearch();
        search_.setThreads(int(n));
    } else if (key == "move overhead") {
        long long ms;
        if (!toInt(value, ms) || ms < 0 || ms > 5000) return info("Move Overhead must be 0..5000");
        overheadMs_ = ms;
    } else if (key == "clear hash") {
        stopSearch();
        search_.clearHash();
    } else if (key == "ponder") {
        // Pondering is driven by the GUI (go ponder / ponderhit); nothing to set.
    } else if (key == "uci_variant") {
        auto v = variants_.find(value);
        if (!v) return info("unknown variant: " + value);
        stopSearch();
        setVariant(v);
    } else if (key == "variantfile") {
        if (value.empty() || value == "<empty>") return;
        // Several files may be given, separated by ';'.
        std::istringstream in(value);
        std::string path;
        while (std::getline(in, path, ';')) {
            path = trim(path);
            if (path.empty()) continue;
            try {
                auto v = variants_.loadFile(path);
                info("loaded variant " + v->name + " from " + path);
            } catch (const std::exception& e) {
                info(std::string("cannot load variant file: ") + e.what());
            }
        }
    } else if (auto error = playOptions_.set(name, value)) {
        if (!error->empty()) info(*error);
    } else {
        info("unknown option: " + name);
    }
}

// A GUI sends the whole game with every move: when it extends the last one (same start, same
// moves first), only the new moves are read, so that a long game costs nothing per move.
void UciEngine::position(const std::vector<std::string>& w) {
    stopSearch();
    size_t i = 1;
    std::string start;
    if (i < w.size() && w[i] == "startpos") {
        start = "startpos";
        ++i;
    } else if (i < w.size() && w[i] == "fen") {
        for (++i; i < w.size() && w[i] != "moves"; ++i) start += (start.empty() ? "" : " ") + w[i];
    } else {
        return info("position needs startpos or fen");
    }
    // The moves are w[first..]: not copied, the list may be long.
    size_t first = i < w.size() && w[i] == "moves" ? i + 1 : w.size();
    bool extends = !posStart_.empty() && start == posStart_ &&
                   w.size() - first >= posMoves_.size() &&
                   std::equal(posMoves_.begin(), posMoves_.end(), w.begin() + long(first));
    if (!extends) {
        Position next(variant_);
        try {
            if (start == "startpos")
                next.setStart();
            else
                next.setFen(start);
        } catch (const std::exception& e) {
            return info(std::string("invalid FEN, position unchanged: ") + e.what());
        }
        *pos_ = std::move(next);
        posMoves_.clear();
    }
    posStart_ = start;
    for (size_t k = first + posMoves_.size(); k < w.size(); ++k) {
        Move m = parseMove(*pos_, w[k]);
        if (m.isNull()) {
            info("Illegal move: " + w[k]);
            break;
        }
        pos_->makeMove(m);
        posMoves_.push_back(w[k]);
    }
}

// On its own thread: the input loop goes on (isready, stop, quit); `stop` and any command that
// changes the position or starts a search end it.
void UciEngine::perft(int depth) {
    Output& out = out_;
    perft_.start(
        *pos_, depth,
        [&out](const std::string& move, std::uint64_t n) {
            out.line(move + ": " + std::to_string(n));
        },
        [&out](std::uint64_t total, std::int64_t ms, bool stopped) {
            out.line("");
            if (stopped)
                out.line("info string perft stopped: " + std::to_string(total) + " nodes counted");
            else
                out.line("Nodes searched: " + std::to_string(total));
            out.line("info string perft time " + std::to_string(ms) + " ms");
        });
}

void UciEngine::go(const std::vector<std::string>& w) {
    stopSearch();
    SearchLimits limits;
    static const char* keywords[] = {"wtime", "btime",       "winc",     "binc",     "movestogo",
                                     "depth", "nodes",       "movetime", "infinite", "ponder",
                                     "mate",  "searchmoves", "perft"};
    auto isKeyword = [&](const std::string& s) {
        return std::any_of(std::begin(keywords), std::end(keywords),
                           [&](const char* k) { return s == k; });
    };
    for (size_t i = 1; i < w.size(); ++i) {
        const std::string& k = w[i];
        long long v = 0;
        bool hasValue = i + 1 < w.size() && toInt(w[i + 1], v);
        if (k == "infinite") {
            limits.infinite = true;
        } else if (k == "ponder") {
            limits.ponder = true;
        } else if (k == "searchmoves") {
            // The root moves to search; one that is not legal here is reported and left out
            // (none legal: every move, as with no list).
            while (i + 1 < w.size() && !isKeyword(w[i + 1])) {
                const std::string& text = w[++i];
                Move m = parseMove(*pos_, text);
                if (m.isNull())
                    info("go searchmoves: illegal move " + text + ", left out");
                else
                    limits.searchMoves.push_back(m);
            }
        } else if (!isKeyword(k)) {
            info("go: unknown parameter " + k);
        } else if (!hasValue) {
            info("go: " + k + " needs a number");
        } else {
            ++i;
            if (k == "wtime") limits.time[White] = std::max(0LL, v);
            if (k == "btime") limits.time[Black] = std::max(0LL, v);
            if (k == "winc") limits.inc[White] = v;
            if (k == "binc") limits.inc[Black] = v;
            if (k == "movestogo") limits.movesToGo = int(std::clamp(v, 0LL, 1000LL));
            if (k == "depth") limits.depth = int(std::clamp(v, 1LL, 1000LL));
            if (k == "nodes") limits.nodes = std::uint64_t(std::max(1LL, v));
            if (k == "movetime") limits.moveTime = std::max(1LL, v);
            if (k == "mate") limits.mate = int(std::clamp(v, 1LL, 1000LL));
            if (k == "perft") return perft(int(std::clamp(v, 0LL, 20LL)));
        }
    }
    // No limit at all: search until `stop`, as for `go infinite`.
    if (limits.time[White] < 0 && limits.time[Black] < 0 && limits.moveTime < 0 && !limits.depth &&
        !limits.nodes && !limits.mate && !limits.ponder)
        limits.infinite = true;
    limits.overhead = overheadMs_;
    // The clock the GUI gives now against the one it gave for our last move: the GUI's lag.
    Color us = pos_->sideToMove();
    std::int64_t clock = limits.time[us];
    if (clock >= 0) {
        lag_.clockNow(clock);
        limits.moveLag = lag_.estimate();
    }
    playOptions_.apply(limits);
    searching_ = true;
    infiniteSearch_ = limits.infinite || limits.ponder;
    ponderhit_ = false;
    Output& out = out_;
    search_.start(
        *pos_, limits, [&out](const SearchInfo& i) { out.line(infoLine(i)); },
        [this, &out, clock, inc = limits.inc[us], ponder = limits.ponder](const SearchResult& r) {
            // A move the GUI plays: a normal search's, or a ponder search's after ponderhit.
            if (clock >= 0 && (!ponder || ponderhit_)) lag_.moved(clock, inc, r.info.timeMs);
            if (!r.hasMove()) {
                out.line(std::string("info depth 0 score ") +
                         (r.info.score < 0 ? "mate 0" : "cp 0"));
                out.line("bestmove (none)");
                return;
            }
            out.line(infoLine(r.info));
            std::string line = "bestmove " + r.bestText;
            if (!r.ponderText.empty()) line += " ponder " + r.ponderText;
            out.line(line);
        });
}

bool UciEngine::handle(const std::string& raw) {
    std::string line = trim(raw);
    if (line.empty()) return true;
    auto w = words(line);
    const std::string& cmd = w[0];
    try {
        if (cmd == "uci") {
            uci();
        } else if (cmd == "isready") {
            out_.line("readyok");
        } else if (cmd == "debug" || cmd == "register") {
        } else if (cmd == "setoption") {
            setOption(line);
        } else if (cmd == "ucinewgame") {
            stopSearch();
            search_.clearHash();
            pos_->setStart();
            posStart_.clear();
            lag_.newGame();
        } else if (cmd == "position") {
            position(w);
        } else if (cmd == "go") {
            go(w);
        } else if (cmd == "stop") {
            stopSearch();
        } else if (cmd == "ponderhit") {
            ponderhit_ = true;
            search_.ponderhit();
        } else if (cmd == "quit") {
            stopSearch();
            return false;
        } else if (cmd == "d") {
            out_.line("Fen: " + pos_->fen());
        } else if (cmd == "eval") {
            staticEval();
        } else {
            info("Unknown command: " + line);
        }
    } catch (const std::exception& e) {
        info(std::string("error: ") + e.what());
    }
    return true;
}

// `eval` (Stockfish has one too, with a table of terms): the static evaluation of the current
// position, no search, in centipawns from White's side and the side to move's, and the phase.
void UciEngine::staticEval() {
    if (!eval_) eval_ = std::make_unique<Evaluator>(variant_);
    const Evaluator& eval = *eval_;
    int score = eval.evaluate(*pos_);
    int white = pos_->sideToMove() == White ? score : -score;
    out_.line("Static evaluation: " + std::to_string(white) + " cp (White's side), " +
              std::to_string(score) + " cp (side to move), phase " +
              std::to_string(eval.phase(*pos_)) + "/256");
}

}  // namespace timur::protocol
