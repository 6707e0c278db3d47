#include "engine/protocol/xboard.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <set>
#include <sstream>
#include <thread>

#include "engine/evaluate.h"
#include "engine/movegen.h"
#include "engine/rules.h"
#include "engine/text.h"
#include "engine/version.h"
#include "engine/xboard_dialect.h"

namespace timur::protocol {

namespace {

// Milliseconds from a GUI's number: negative, NaN or absurd values (a year and more) are clamped
// before the conversion, which would be undefined for them.
std::int64_t clampedMs(double ms) {
    if (!(ms > 0)) return 0;
    return std::int64_t(std::min(ms, 365.0 * 24 * 3600 * 1000));
}

bool isCastlingText(const std::string& text) {
    return text == "O-O" || text == "O-O-O" || text == "0-0" || text == "0-0-0";
}

}  // namespace

XBoardEngine::XBoardEngine(Output& out, VariantSet& variants) : out_(out), variants_(variants) {
    useVariant(variants_.defaultVariant());
    search_.setHashMb(hashMb_);
}

XBoardEngine::~XBoardEngine() {
    stopSearch(true);
}

std::string XBoardEngine::xbMove(const std::string& text) const {
    return toXBoardMove(text, variant_->board.ranks);
}

// The variant and its start position.
void XBoardEngine::useVariant(std::shared_ptr<const Variant> v) {
    variant_ = std::move(v);
    moves_ = std::make_unique<XBoardMoves>(variant_);
    pos_ = std::make_unique<Position>(variant_);
    pos_->setStart();
    highlights_.reset();
}

// The XBoard names of every loaded variant, comma-separated, for `feature variants=`. The
// default variant (chess, `normal`) comes first: XBoard 4.9 switches a game whose variant is
// not in the list (`-variant chess`, its other name for normal) to the first one listed.
std::string XBoardEngine::variantList() const {
    const auto first = variants_.defaultVariant();
    std::string list = first ? xboardVariantName(*first).name : std::string();
    for (const auto& v : variants_.all()) {
        if (v == first) continue;
        if (!list.empty()) list += ',';
        list += xboardVariantName(*v).name;  // appended: `a + b` trips GCC 12 -Wrestrict
    }
    return list;
}

void XBoardEngine::features() {
    std::string list = variantList();
    send("feature done=0");
    send(std::string("feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 "
                     "sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 ics=0 name=0 pause=0 nps=1 "
                     "debug=1 memory=1 smp=1 exclude=0 setscore=0 highlight=1 myname=\"") +
         engineName() + " " + engineVersion() + "\"");
    send("feature variants=\"" + list + "\"");
    send("feature option=\"Hash -spin " + std::to_string(hashMb_) + " 1 4096\"");
    send("feature option=\"Move Overhead -spin " + std::to_string(overheadMs_) + " 0 5000\"");
    send("feature option=\"VariantFile -file \"");
    for (const auto& line : playOptions_.xboardFeatures()) send(line);
    send("feature done=1");
}

void XBoardEngine::stopSearch(bool discard) {
    perft_.stop();
    {
        std::lock_guard lock(out_.mutex());
        if (mode_ != Mode::Idle) discard_ = discard;
    }
    search_.stop();
    search_.wait();
    std::lock_guard lock(out_.mutex());
    mode_ = Mode::Idle;
    discard_ = false;
    for (const auto& p : pendingPongs_) send(p);
    pendingPongs_.clear();
}

void XBoardEngine::finish() {
    // A move being thought about is still sent, a perft still counted; pondering that may follow
    // the move is not waited for.
    perft_.wait();
    for (;;) {
        {
            std::lock_guard lock(out_.mutex());
            if (mode_ != Mode::Thinking) break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    stopSearch(true);
}

bool XBoardEngine::claimIfOver() {
    MoveList legal;
    generateLegal(*pos_, legal);
    GameEnd end = gameEnd(*pos_, legal);
    if (!end.over()) return false;
    // XBoard scores a bare king only after the bare side's reply, and calls a claim made at once
    // (right after our capture) false: the claim waits for that reply.
    if (end.reason == "bare king" && !force_ && pos_->sideToMove() != engineColor_) return false;
    // A claim XBoard would call false loses the game: play on (chu's repetition rule, a perpetual
    // check at our count; XBoard ends those games itself or not at all).
    if (!xboardConfirmsClaim(*variant_, end, engineColor_)) return false;
    send(std::string(resultText(end.result)) + " {" + end.reason + "}");
    return true;
}

void XBoardEngine::newGame() {
    stopSearch(true);
    useVariant(variants_.defaultVariant());
    force_ = false;
    engineColor_ = Black;
    badPosition_ = false;
    sdDepth_ = 0;
    stMs_ = -1;
    nps_ = 0;
    myTimeMs_ = oppTimeMs_ = -1;
    lag_.newGame();
    lastScore_ = 0;
    if (analyzing_) analyze();
}

bool XBoardEngine::setVariant(const std::string& requested) {
    stopSearch(true);
    std::shared_ptr<const Variant> found = findXBoardVariant(variants_.all(), requested);
    if (!found) {
        send("Error (unsupported variant): variant " + requested);
        return false;
    }
    useVariant(found);
    if (std::string start = xboardStartFen(*variant_); !start.empty()) {
        try {
            pos_->setFen(start);
        } catch (const std::exception&) {
            // Our rules cannot hold XBoard's array: keep ours.
        }
    }
    badPosition_ = false;
    if (xboardVariantName(*variant_).engineDefined)
        for (const auto& line : xboardSetup(*variant_)) send(line);
    if (analyzing_) analyze();
    return true;
}

void XBoardEngine::setBoard(const std::string& fen) {
    stopSearch(true);
    highlights_.reset();
    if (isPassRelay(fen)) {
        // XBoard 4.9.1 tells the opponent's pass (null move) as the position after it, outside
        // force mode: it is the opponent's move, and ours to answer (it sends no go).
        MoveList legal;
        generateLegal(*pos_, legal);
        for (const Move& m : legal)
            if (m.flags & kMovePass) {
                pos_->makeMove(m);
                break;
            }
        if (analyzing_) return analyze();
        if (!claimIfOver() && !force_ && pos_->sideToMove() == engineColor_) think();
        return;
    }
    try {
        Position next(variant_);
        next.setFen(withStartRights(fen));
        *pos_ = next;
        badPosition_ = false;
    } catch (const std::exception& e) {
        send("tellusererror Illegal position: " + std::string(e.what()));
        badPosition_ = true;
        return;
    }
    if (analyzing_) analyze();
}

// Whether `fen` is the current position after a pass of the side to move (board and side to
// move compared: XBoard writes some rights differently).
bool XBoardEngine::isPassRelay(const std::string& fen) const {
    if (badPosition_ || force_) return false;
    MoveList legal;
    generateLegal(*pos_, legal);
    for (const Move& m : legal) {
        if (!(m.flags & kMovePass)) continue;
        try {
            Position sent(variant_), after = *pos_;
            sent.setFen(fen);
            after.makeMove(m);
            std::vector<std::string> a = words(after.fen()), b = words(sent.fen());
            return a.size() >= 2 && b.size() >= 2 && a[0] == b[0] && a[1] == b[1];
        } catch (const std::exception&) {
            return false;
        }
    }
    return false;
}

// XBoard cannot write an engine-defined variant's own rights (Tamerlane's KXkx) and sends its
// start position back without them (to the second engine, from a PGN): the variant's start
// array, with its side to move, gets the start position's rights.
std::string XBoardEngine::withStartRights(const std::string& fen) const {
    if (!moves_->engineDefined()) return fen;
    Position sent(variant_), start(variant_);
    sent.setFen(fen);
    start.setStart();
    std::vector<std::string> s = words(sent.fen()), st = words(start.fen());
    if (s.size() < 3 || st.size() < 3 || s[0] != st[0] || s[1] != st[1] || s[2] == st[2])
        return fen;
    s[2] = st[2];
    std::string out;
    for (const auto& w : s) out += (out.empty() ? "" : " ") + w;
    return out;
}

void XBoardEngine::undo(int plies) {
    stopSearch(true);
    lag_.newGame();  // the clocks of the moves taken back say nothing about the GUI
    for (int i = 0; i < plies; ++i) {
        if (pos_->ply() == 0) {
            send("Error (no move to undo): " + std::string(plies == 1 ? "undo" : "remove"));
            break;
        }
        pos_->unmakeMove();
    }
    if (analyzing_) analyze();
}

bool XBoardEngine::ponderHit(const std::string& xboardText) {
    {
        std::lock_guard lock(out_.mutex());
        if (mode_ != Mode::Pondering) return false;
    }
    Move move = moves_->parse(*pos_, xboardText);
    if (move.isNull() || move != ponderMove_) return false;
    pos_->makeMove(move);
    {
        std::lock_guard lock(out_.mutex());
        mode_ = Mode::Thinking;
        thinkClockMs_ = stMs_ < 0 ? myTimeMs_ : -1;
        lag_.clockNow(myTimeMs_);
    }
    // The clock XBoard sent with the move, less its charge for the move's display, is what the
    // rest of this search may use, not the guess made when pondering began.
    SearchLimits fresh = clockLimits();
    search_.ponderhit(fresh, pos_->sideToMove());
    return true;
}

void XBoardEngine::userMove(const std::string& text) {
    if (ponderHit(text)) return;
    stopSearch(true);
    if (badPosition_) {
        send("Illegal move (no legal position set): " + text);
        return;
    }
    Move move = readMove(text);
    if (move.isNull()) {
        send("Illegal move: " + text);
        if (analyzing_) analyze();
        return;
    }
    pos_->makeMove(move);
    highlights_.reset();
    if (analyzing_) {
        analyze();
        return;
    }
    if (claimIfOver()) return;
    if (!force_ && pos_->sideToMove() == engineColor_) think();
}

// XBoard's move text, and what GUIs send besides: a drop with a lower-case letter, O-O, and a
// promotion without its piece. A null move if it is none of these.
Move XBoardEngine::readMove(const std::string& text) {
    Move move = moves_->parse(*pos_, text);
    if (!move.isNull()) return move;
    std::string internal = fromXBoardMove(text, variant_->board.ranks);
    MoveList legal;
    generateLegal(*pos_, legal);
    if (!internal.empty() && internal.find('@') == 1) {
        std::string upper = internal;
        upper[0] = char(std::toupper(static_cast<unsigned char>(upper[0])));
        move = parseMove(*pos_, upper);
        if (!move.isNull()) return move;
    }
    if (isCastlingText(text)) {
        bool kingside = text.size() == 3;
        for (const Move& m : legal)
            if (m.kind == MoveKind::Castling &&
                (pos_->board().fileOf(m.to) > pos_->board().fileOf(m.from)) == kingside)
                move = m;
        if (!move.isNull()) return move;
    }
    return promotionOf(internal, legal);
}

// A promotion sent without its piece (`internal` is the move up to it): the most valuable choice.
Move XBoardEngine::promotionOf(const std::string& internal, const MoveList& legal) const {
    Evaluator eval(variant_);
    int bestValue = -1;
    Move move;
    for (const Move& m : legal) {
        std::string t = moveText(*pos_, m);
        if (t.size() > internal.size() && t.compare(0, internal.size(), internal) == 0 &&
            !std::isdigit(static_cast<unsigned char>(t[internal.size()])) &&
            m.promo != kNoPieceType && m.kind != MoveKind::Drop &&
            eval.value(m.promo) > bestValue) {
            bestValue = eval.value(m.promo);
            move = m;
        }
    }
    return move;
}

std::string XBoardEngine::thinkingLine(const SearchInfo& i) const {
    std::ostringstream s;
    int score = i.score;
    if (i.isMate()) score = i.score > 0 ? 100000 + i.mateMoves() : -100000 + i.mateMoves();
    s << i.depth << ' ' << score << ' ' << i.timeMs / 10 << ' ' << i.nodes;
    // PV texts are in Timur's convention; moves are converted one by one.
    for (const auto& m : i.pvText) s << ' ' << toXBoardMove(m, variant_->board.ranks);
    s << "\t" << i.seldepth << "\t" << i.nps;
    return s.str();
}

// Runs on the search thread.
void XBoardEngine::post(const SearchInfo& i) {
    std::lock_guard lock(out_.mutex());
    if (post_ && !discard_) send(thinkingLine(i));
}

// The limits of our next search from the clock XBoard gave: st, else level/time, else 2 s a move
// unless sd limits the depth.
SearchLimits XBoardEngine::clockLimits() const {
    SearchLimits limits;
    Color us = pos_->sideToMove();
    if (stMs_ >= 0) {
        limits.moveTime = stMs_;
    } else if (myTimeMs_ >= 0 || haveTimeControl_) {
        limits.time[us] = myTimeMs_ >= 0 ? myTimeMs_ : baseMs_;
        limits.inc[us] = incMs_;
        std::lock_guard lock(out_.mutex());
        limits.moveLag = lag_.estimate();
        if (mps_ > 0) limits.movesToGo = mps_ - ((pos_->fullmoveNumber() - 1) % mps_);
    } else if (!sdDepth_) {
        limits.moveTime = 2000;
    }
    if (sdDepth_) limits.depth = sdDepth_;
    if (nps_) limits.nodesPerSecond = nps_;
    limits.overhead = overheadMs_;
    playOptions_.apply(limits);
    return limits;
}

void XBoardEngine::think() {
    if (badPosition_) return;
    if (claimIfOver()) return;
    {
        std::lock_guard lock(out_.mutex());
        lag_.clockNow(myTimeMs_);
    }
    SearchLimits limits = clockLimits();
    limits.searchMoves = shownMoves(*pos_);
    {
        std::lock_guard lock(out_.mutex());
        mode_ = Mode::Thinking;
        discard_ = false;
        thinkClockMs_ = stMs_ < 0 ? myTimeMs_ : -1;
        thinkIncMs_ = incMs_;
    }
    thinkLimits_ = limits;
    search_.start(
        *pos_, limits, [this](const SearchInfo& i) { post(i); },
        [this](const SearchResult& r) { searchDone(r); });
}

void XBoardEngine::searchDone(const SearchResult& r) {
    std::lock_guard lock(out_.mutex());
    bool moved = false;
    if (mode_ == Mode::Thinking && !discard_ && r.hasMove()) {
        // A forced promotion with its letter: XBoard would supply its Queen's letter, which in
        // makruk is '.', and then empty the square.
        std::string text = moves_->text(*pos_, r.best, true);
        pos_->makeMove(r.best);
        lastScore_ = r.info.score;
        send("move " + text);
        if (thinkClockMs_ >= 0) lag_.moved(thinkClockMs_, thinkIncMs_, r.info.timeMs);
        moved = !claimIfOver();
    }
    mode_ = Mode::Idle;
    for (const auto& p : pendingPongs_) send(p);
    pendingPongs_.clear();
    if (moved && ponder_ && !force_) startPondering(r);
}

// Our clock when the expected reply arrives: what it held, less the search that just ended, plus
// the increment. Time spent pondering is free: the budget starts at ponderhit.
SearchLimits XBoardEngine::ponderLimits(const SearchResult& r) const {
    SearchLimits limits = thinkLimits_;
    Color us = ~pos_->sideToMove();
    if (limits.time[us] >= 0)
        limits.time[us] =
            std::max<std::int64_t>(1, limits.time[us] - r.info.timeMs + limits.inc[us]);
    if (limits.movesToGo > 0) limits.movesToGo = limits.movesToGo > 1 ? limits.movesToGo - 1 : mps_;
    limits.ponder = true;
    return limits;
}

// Called with out_.mutex() held, on the search thread, right after our move was sent.
void XBoardEngine::startPondering(const SearchResult& r) {
    if (r.ponder.isNull()) return;
    MoveList legal;
    generateLegal(*pos_, legal);
    // The PV's second move may come from the hash table: only a legal one is pondered on.
    if (std::find(legal.begin(), legal.end(), r.ponder) == legal.end()) return;
    Position after = *pos_;
    after.makeMove(r.ponder);
    MoveList replies;
    generateLegal(after, replies);
    if (gameEnd(after, replies).over()) return;
    SearchLimits limits = ponderLimits(r);
    limits.searchMoves = shownMoves(after);
    ponderMove_ = r.ponder;
    mode_ = Mode::Pondering;
    discard_ = false;
    search_.continueWith(
        after, limits, [this](const SearchInfo& i) { post(i); },
        [this](const SearchResult& result) { searchDone(result); });
}

// The moves XBoard can show, when it cannot show them all (and can show some): the search
// chooses among them. Empty: every legal move.
std::vector<Move> XBoardEngine::shownMoves(Position& pos) const {
    MoveList legal;
    generateLegal(pos, legal);
    std::vector<Move> shown;
    for (const Move& m : legal)
        if (moves_->canShow(pos, m)) shown.push_back(m);
    if (shown.empty() || int(shown.size()) == legal.size) shown.clear();
    return shown;
}

void XBoardEngine::analyze() {
    stopSearch(true);
    analyzing_ = true;
    if (badPosition_) return;
    SearchLimits limits;
    limits.infinite = true;
    playOptions_.apply(limits);
    {
        std::lock_guard lock(out_.mutex());
        mode_ = Mode::Analyzing;
        discard_ = false;
    }
    search_.start(
        *pos_, limits, [this](const SearchInfo& i) { post(i); }, [](const SearchResult&) {});
}

// On its own thread: the input loop goes on (ping, ?, quit). Any command that changes the position
// or starts a search stops it first. Analysis stopped by it resumes with the next move or position.
void XBoardEngine::perft(int depth) {
    stopSearch(true);
    int ranks = variant_->board.ranks;
    perft_.start(
        *pos_, depth,
        [this, ranks](const std::string& move, std::uint64_t n) {
            send(toXBoardMove(move, ranks) + ": " + std::to_string(n));
        },
        [this](std::uint64_t total, std::int64_t ms, bool stopped) {
            if (stopped)
                send("# perft stopped: " + std::to_string(total) + " nodes counted");
            else
                send("Nodes searched: " + std::to_string(total));
            send("# perft time " + std::to_string(ms) + " ms");
        });
}

// `memory` and the Hash option: MiB, clamped to 1..4096.
void XBoardEngine::setHash(int mb) {
    mb = std::clamp(mb, 1, 4096);
    stopSearch(true);
    hashMb_ = mb;
    search_.setHashMb(mb);
}

void XBoardEngine::option(const std::string& text) {
    auto eq = text.find('=');
    std::string name = trim(text.substr(0, eq));
    std::string value = eq == std::string::npos ? "" : trim(text.substr(eq + 1));
    if (lower(name) == "hash") {
        setHash(std::stoi(value));
    } else if (lower(name) == "move overhead") {
        overheadMs_ = std::clamp(std::stoi(value), 0, 5000);
    } else if (lower(name) == "variantfile") {
        if (value.empty()) return;
        try {
            auto v = variants_.loadFile(value);
            send("telluser Loaded variant " + v->name + " (" + xboardVariantName(*v).name + ")");
            send("feature variants=\"" + variantList() + "\"");
        } catch (const std::exception& e) {
            send(std::string("tellusererror Cannot load variant file: ") + e.what());
        }
    } else if (auto error = playOptions_.set(name, value)) {
        if (!error->empty()) return send("Error (" + *error + "): option " + text);
        // Analysis shows the new number of lines at once.
        if (analyzing_) analyze();
    } else {
        send("Error (unknown option): " + name);
    }
}

const std::string& XBoardEngine::Command::arg(size_t i) const {
    if (i >= words.size()) throw std::invalid_argument("missing argument");
    return words[i];
}

bool XBoardEngine::handle(const std::string& raw) {
    std::string line = trim(raw);
    if (line.empty()) return true;
    Command c{words(line), ""};
    c.rest = trim(line.substr(c.name().size()));
    try {
        if (c.name() == "quit") {
            stopSearch(true);
            return false;
        }
        if (!gameCommand(c) && !clockCommand(c) && !searchCommand(c) && !otherCommand(c))
            unknown(c, line);
    } catch (const std::exception& e) {
        send("Error (" + std::string(e.what()) + "): " + line);
    }
    return true;
}

// The game: variant, position, moves and who plays them.
bool XBoardEngine::gameCommand(const Command& c) {
    const std::string& cmd = c.name();
    if (cmd == "new") {
        newGame();
    } else if (cmd == "variant") {
        setVariant(c.arg(1));
    } else if (cmd == "force" || cmd == "result") {
        stopSearch(true);
        force_ = true;
        lag_.newGame();  // moves made in force mode are not ours
    } else if (cmd == "go" || cmd == "playother") {
        stopSearch(true);
        force_ = false;
        engineColor_ = cmd == "go" ? pos_->sideToMove() : ~pos_->sideToMove();
        if (cmd == "go") think();
    } else if (cmd == "usermove") {
        userMove(c.arg(1));
    } else if (cmd == "setboard") {
        setBoard(c.rest);
    } else if (cmd == "undo" || cmd == "remove") {
        undo(cmd == "undo" ? 1 : 2);
    } else {
        return false;
    }
    return true;
}

// The clocks: level, st, sd, nps, time, otim.
bool XBoardEngine::clockCommand(const Command& c) {
    const std::string& cmd = c.name();
    if (cmd == "level") {
        level(c);
    } else if (cmd == "st") {
        stMs_ = clampedMs(std::stod(c.arg(1)) * 1000);
    } else if (cmd == "sd") {
        sdDepth_ = std::clamp(std::stoi(c.arg(1)), 1, kMaxSearchPly - 2);
    } else if (cmd == "nps") {
        long long n = std::stoll(c.arg(1));
        nps_ = n > 0 ? std::uint64_t(n) : 0;
    } else if (cmd == "time") {
        myTimeMs_ = clampedMs(double(std::stoll(c.arg(1))) * 10);
    } else if (cmd == "otim") {
        oppTimeMs_ = clampedMs(double(std::stoll(c.arg(1))) * 10);
    } else {
        return false;
    }
    return true;
}

// level MPS BASE INC: BASE in minutes or MIN:SEC, INC in seconds.
void XBoardEngine::level(const Command& c) {
    mps_ = std::max(0, std::stoi(c.arg(1)));
    const std::string& base = c.arg(2);
    double minutes = 0;
    if (auto colon = base.find(':'); colon != std::string::npos)
        minutes = std::stod(base.substr(0, colon)) + std::stod(base.substr(colon + 1)) / 60;
    else
        minutes = std::stod(base);
    baseMs_ = clampedMs(minutes * 60000);
    incMs_ = clampedMs(std::stod(c.arg(3)) * 1000);
    stMs_ = -1;
    haveTimeControl_ = true;
    std::lock_guard lock(out_.mutex());
    lag_.newGame();
}

// Thinking, pondering, analysis and what they print.
bool XBoardEngine::searchCommand(const Command& c) {
    const std::string& cmd = c.name();
    if (cmd == "hard") {
        ponder_ = true;
    } else if (cmd == "easy") {
        ponder_ = false;
        if (modeIs(Mode::Pondering)) stopSearch(true);
    } else if (cmd == "?") {
        if (modeIs(Mode::Thinking)) stopSearch(false);
        perft_.stop();
    } else if (cmd == "post" || cmd == "nopost") {
        std::lock_guard lock(out_.mutex());
        post_ = cmd == "post";
    } else if (cmd == "analyze") {
        analyze();
    } else if (cmd == "exit") {
        stopSearch(true);
        analyzing_ = false;
    } else if (cmd == ".") {
        statistics();
    } else if (cmd == "memory") {
        setHash(std::stoi(c.arg(1)));
    } else if (cmd == "cores") {
        // The GUI's limit on threads (smp=1): Lazy SMP uses that many from the next search
        // on; it may come while the engine thinks, which goes on.
        search_.setThreads(std::clamp(std::stoi(c.arg(1)), 1, kMaxThreads));
    } else {
        return false;
    }
    return true;
}

// The handshake, ping, draw offers, options, perft and what needs no answer.
bool XBoardEngine::otherCommand(const Command& c) {
    static const std::set<std::string, std::less<>> kIgnored = {
        "xboard", "accepted", "rejected", "random", "computer", "name",  "rating",
        "ics",    "egtpath",  "hint",     "white",  "black",    "pause", "resume"};
    const std::string& cmd = c.name();
    if (kIgnored.count(cmd)) {
        // Nothing to do.
    } else if (cmd == "protover") {
        features();
    } else if (cmd == "ping") {
        ping(c);
    } else if (cmd == "draw") {
        std::lock_guard lock(out_.mutex());
        if (lastScore_ <= -300 && lastScore_ > -kMateBound) send("offer draw");
    } else if (cmd == "bk") {
        send(" no book");
        send("");
    } else if (cmd == "option") {
        option(c.rest);
    } else if (cmd == "perft") {
        perft(std::clamp(std::stoi(c.arg(1)), 0, 20));
    } else if (cmd == "d") {
        std::lock_guard lock(out_.mutex());
        send("# fen " + pos_->fen());
    } else if (cmd == "lift" || cmd == "put" || cmd == "hover") {
        pieceCommand(c);
    } else {
        return false;
    }
    return true;
}

// A person handling a piece in an engine-defined variant: the answer marks where it may go.
void XBoardEngine::pieceCommand(const Command& c) {
    if (!moves_->engineDefined()) return;
    const std::string& square = c.arg(1);
    Position pos = [this] {
        std::lock_guard lock(out_.mutex());
        return *pos_;
    }();
    std::vector<std::string> replies = c.name() == "lift" ? highlights_.lift(pos, *moves_, square)
                                       : c.name() == "put"
                                           ? highlights_.put(pos, *moves_, square)
                                           : highlights_.hover(pos, *moves_, square);
    for (const auto& r : replies) send(r);
}

// Answered at once, or after the move the engine owes.
void XBoardEngine::ping(const Command& c) {
    std::lock_guard lock(out_.mutex());
    std::string pong = "pong" + (c.words.size() > 1 ? " " + c.words[1] : std::string());
    if (mode_ == Mode::Thinking)
        pendingPongs_.push_back(pong);
    else
        send(pong);
}

void XBoardEngine::statistics() {
    std::lock_guard lock(out_.mutex());
    if (mode_ == Mode::Analyzing)
        send("stat01: " + std::to_string(search_.elapsedMs() / 10) + " " +
             std::to_string(search_.nodes()) + " " + std::to_string(search_.currentDepth()) +
             " 0 0");
}

bool XBoardEngine::modeIs(Mode mode) {
    std::lock_guard lock(out_.mutex());
    return mode_ == mode;
}

// A bare move (usermove rejected), else an unknown command.
void XBoardEngine::unknown(const Command& c, const std::string& line) {
    const std::string& cmd = c.name();
    bool looksLikeMove =
        c.words.size() == 1 && ((cmd[0] >= 'a' && cmd[0] <= 'p' && cmd.size() >= 4 &&
                                 std::isdigit(static_cast<unsigned char>(cmd[1]))) ||
                                cmd.find('@') == 1 || cmd.starts_with("O-O"));
    if (looksLikeMove)
        userMove(cmd);
    else
        send("Error (unknown command): " + line);
}

}  // namespace timur::protocol
