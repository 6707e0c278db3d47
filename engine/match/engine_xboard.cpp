// The XBoard (CECP v2) driver: xboard + protover 2 and the feature list up to done=1 (accepting
// what we use, rejecting san), then per game new / variant / force / [setboard] / level or st /
// [sd] / post / ping-pong. The engine is kept in force mode until it is first asked to move; after
// that each of the opponent's moves (preceded by time/otim) starts its thinking. A `setup` reply to
// `variant` is read: if its start position differs from ours, we send ours with setboard.
// Moves are converted to XBoard's text for the game's position (engine/xboard_dialect.h: 0-based
// ranks on 10-rank boards, an engine-defined variant's promotion letters and kill legs) and
// back. An engine announcing reuse=0 is restarted for every game.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <sstream>

#include "engine/match/engine.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/text.h"
#include "engine/xboard_dialect.h"

namespace timur::match {

namespace {

// The hash size told to an engine with feature memory=1 (XBoard's default -defaultHashSize).
constexpr int kXBoardMemoryMb = 64;

using Clock = std::chrono::steady_clock;

std::int64_t msSince(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// "1-0", "0-1", "1/2-1/2" at the start of a line, or empty.
std::string resultOf(const std::string& line) {
    for (const char* r : {"1-0", "0-1", "1/2-1/2"})
        if (line.rfind(r, 0) == 0) return r;
    return "";
}

std::string boardPart(const std::string& fen) {
    return fen.substr(0, fen.find(' '));
}

std::string secondsText(std::int64_t ms) {
    std::ostringstream s;
    s << double(ms) / 1000;
    return s.str();
}

class XBoardDriver : public EngineDriver {
  public:
    explicit XBoardDriver(const EngineConfig& c) : EngineDriver(c) {}
    ~XBoardDriver() override { quit(); }

    void start() override {
        launch();
        features_ = {};
        send("xboard");
        send("protover 2");
        std::string line;
        Clock::time_point t0 = Clock::now();
        bool sawFeature = false;
        for (;;) {
            // Without any feature line in 2 s the engine speaks protocol 1; done=0 gives it more.
            int limit = features_.waitLonger ? 60000 : (sawFeature ? kStartTimeoutMs : 2000);
            auto st = read(line, std::max(0, limit - int(msSince(t0))));
            if (st == EngineProcess::ReadStatus::Eof) {
                healthy_ = false;
                throw EngineError(name() + ": exited during the xboard handshake");
            }
            if (st == EngineProcess::ReadStatus::Timeout) break;
            if (line.rfind("feature ", 0) == 0) {
                sawFeature = true;
                if (features(line.substr(8))) break;
            }
        }
        for (const auto& [k, v] : config_.options) send("option " + k + "=" + v);
        if (features_.ping) sync("after the handshake");
    }

    void newGame(const GameSetup& setup) override {
        setup_ = setup;
        ranks_ = setup.variant->board.ranks;
        dialect_ = std::make_unique<protocol::XBoardMoves>(setup.variant);
        pos_.reset();
        std::string want = config_.variantName.empty()
                               ? protocol::xboardVariantName(*setup.variant).name
                               : config_.variantName;
        if (!features_.variants.empty() && want != "normal" &&
            std::find(features_.variants.begin(), features_.variants.end(), want) ==
                features_.variants.end())
            throw EngineError(name() + ": does not offer variant " + want +
                              " (not in its feature variants)");
        // XBoard tells an engine with feature memory=1 its hash size (its default, 64 MiB)
        // before `new`; some engines (HaChu) have no hash table without it.
        if (features_.memory) send("memory " + std::to_string(kXBoardMemoryMb));
        send("new");
        if (want != "normal") send("variant " + want);
        send("force");
        engineSetup_.clear();
        forced_ = true;
        told_ = 0;
        // Where the engine starts without setboard: XBoard's array for a variant XBoard knows
        // with another start than ours (courier), else our start position.
        std::string own =
            config_.variantName.empty() ? protocol::xboardStartFen(*setup.variant) : "";
        if (own.empty()) own = setup.variant->startFen;
        if (setup.startFen != own) {
            if (!features_.setboard)
                throw EngineError(name() + ": cannot start from " + setup.startFen +
                                  " (no setboard); it starts from " + own +
                                  (setup.variantStart ? ": give that FEN with --openings" : ""));
            send("setboard " + setup.startFen);
        }
        if (setup.tc.fixedPerMove()) {
            send("st " + secondsText(setup.tc.moveTimeMs));
        } else {
            // level MPS BASE INC: BASE in minutes or MIN:SEC, INC in seconds.
            std::int64_t s = (setup.tc.baseMs + 999) / 1000;
            std::string base = s % 60 ? std::to_string(s / 60) + ":" + (s % 60 < 10 ? "0" : "") +
                                            std::to_string(s % 60)
                                      : std::to_string(s / 60);
            send("level " + std::to_string(setup.tc.movesPerSession) + " " + base + " " +
                 secondsText(setup.tc.incMs));
        }
        if (config_.depth > 0) send("sd " + std::to_string(config_.depth));  // on top of the clock
        send("post");
        send("easy");
        if (features_.ping) {
            sync("at the start of a game");
        }
        // The engine's own start position (a `setup` reply to `variant`) may differ from ours.
        if (setup.variantStart && !engineSetup_.empty() &&
            boardPart(engineSetup_) != boardPart(setup.startFen)) {
            if (!features_.setboard)
                throw EngineError(name() + ": its start position " + engineSetup_ +
                                  " differs from ours and it has no setboard");
            send("setboard " + setup.startFen);
            if (features_.ping) sync("after setboard");
        }
    }

    EngineReply think(const std::vector<std::string>& moves, const ThinkTimes& t,
                      int waitMs) override {
        drain();  // claims and messages that came after its last move
        Color us = Color(((sideToMoveAtStart() == White ? 0 : 1) + moves.size()) % 2);
        if (!setup_.tc.fixedPerMove()) {
            std::int64_t mine = us == White ? t.whiteMs : t.blackMs;
            std::int64_t theirs = us == White ? t.blackMs : t.whiteMs;
            send("time " + std::to_string(std::max<std::int64_t>(0, mine) / 10));
            send("otim " + std::to_string(std::max<std::int64_t>(0, theirs) / 10));
        }
        Clock::time_point t0;
        if (forced_) {
            while (told_ < moves.size()) sendMove(moves, told_++);
            t0 = Clock::now();
            send("go");
            forced_ = false;
        } else {
            while (told_ + 1 < moves.size()) sendMove(moves, told_++);  // not expected
            t0 = Clock::now();
            if (told_ < moves.size()) sendMove(moves, told_++);
        }
        EngineReply r;
        std::string line, legs;
        for (;;) {
            auto st = read(line, std::max(0, waitMs - int(msSince(t0))));
            r.elapsedMs = msSince(t0);
            if (st == EngineProcess::ReadStatus::Eof) {
                healthy_ = false;
                r.kind = EngineReply::Disconnect;
                return r;
            }
            if (st == EngineProcess::ReadStatus::Timeout) {
                send("?");
                healthy_ = false;
                r.kind = EngineReply::Timeout;
                return r;
            }
            auto w = words(line);
            if (w.empty()) continue;
            if (w[0] == "move" && w.size() >= 2) {
                // A move of several legs may come a leg a line, each but the last ending in a
                // comma (HaChu's "move c7d8," then "move d8e9"), as XBoard reads it.
                legs += w[1];
                if (w[1].back() == ',') continue;
                r.kind = EngineReply::Move;
                r.raw = legs;
                r.move = fromEngine(moves, legs);
                ++told_;  // the engine made it on its board
                return r;
            }
            if (w[0] == "resign" ||
                (!resultOf(line).empty() && line.find("resign") != std::string::npos)) {
                r.kind = EngineReply::Resign;
                r.raw = line;
                return r;
            }
            if (std::string res = resultOf(line); !res.empty()) {
                r.kind = EngineReply::Claim;
                r.claim = res;
                r.raw = line;
                return r;
            }
            if (line.rfind("Illegal move", 0) == 0 ||
                (line.rfind("tellusererror", 0) == 0 &&
                 line.find("Illegal position") != std::string::npos)) {
                r.kind = EngineReply::Rejected;
                r.raw = line;
                return r;
            }
            // Thinking output: PLY SCORE TIME NODES PV.
            if (w.size() >= 4 && isInteger(w[0]) && isInteger(w[1])) {
                int v = std::stoi(w[1]);
                if (v >= 100000)
                    v = 100000 - (v - 100000);
                else if (v <= -100000)
                    v = -100000 + (-100000 - v);
                r.score = v;
            }
        }
    }

    void gameOver(const std::string& result, const std::string& reason) override {
        if (!process_.running()) return;
        send("result " + result + " {" + reason + "}");
        send("force");
        if (!features_.reuse) healthy_ = false;  // restarted before the next game
    }

  private:
    struct Features {
        bool ping = false, setboard = false, usermove = false, waitLonger = false;
        bool memory = false;  // memory=1: told the hash size before every game, as XBoard does
        bool reuse = true;    // reuse=0: a fresh process for every game
        std::vector<std::string> variants;
    };

    static bool isInteger(const std::string& s) {
        size_t i = s[0] == '-' || s[0] == '+';
        if (i >= s.size() || s.size() > 9) return false;
        return std::all_of(s.begin() + long(i), s.end(),
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    }

    // Handles a feature line's NAME=VALUE pairs; true on done=1.
    bool features(const std::string& text) {
        bool done = false;
        size_t i = 0;
        while (i < text.size()) {
            while (i < text.size() && text[i] == ' ') ++i;
            size_t eq = text.find('=', i);
            if (eq == std::string::npos) break;
            std::string key = text.substr(i, eq - i);
            std::string value;
            i = eq + 1;
            if (i < text.size() && text[i] == '"') {
                size_t end = text.find('"', i + 1);
                if (end == std::string::npos) end = text.size();
                value = text.substr(i + 1, end - i - 1);
                i = end + 1;
            } else {
                size_t end = text.find(' ', i);
                if (end == std::string::npos) end = text.size();
                value = text.substr(i, end - i);
                i = end;
            }
            bool accepted = true;
            if (key == "ping")
                features_.ping = value == "1";
            else if (key == "setboard")
                features_.setboard = value == "1";
            else if (key == "usermove")
                features_.usermove = value == "1";
            else if (key == "reuse")
                features_.reuse = value != "0";
            else if (key == "memory")
                features_.memory = value == "1";
            else if (key == "san")
                accepted = value == "0";
            else if (key == "variants") {
                features_.variants.clear();
                std::stringstream ss(value);
                std::string v;
                while (std::getline(ss, v, ',')) features_.variants.push_back(v);
            } else if (key == "done") {
                if (value == "0") features_.waitLonger = true;
                if (value == "1") done = true;
                continue;  // not acknowledged
            }
            send((accepted ? "accepted " : "rejected ") + key);
        }
        return done;
    }

    // The game's position after its first n moves (Timur's text), kept in step as it grows.
    Position& positionAfter(const std::vector<std::string>& moves, size_t n) {
        if (!pos_ || pos_->ply() > int(n)) {
            pos_ = std::make_unique<Position>(setup_.variant);
            pos_->setFen(setup_.startFen);
        }
        while (size_t(pos_->ply()) < n) {
            Move m = parseMove(*pos_, moves[size_t(pos_->ply())]);
            if (m.isNull()) break;  // the referee rejects such a move before it gets here
            pos_->makeMove(m);
        }
        return *pos_;
    }

    void sendMove(const std::vector<std::string>& moves, size_t i) {
        Position& pos = positionAfter(moves, i);
        Move move = parseMove(pos, moves[i]);
        std::string m = move.isNull() ? protocol::toXBoardMove(moves[i], ranks_)
                                      : dialect_->text(pos, move, true);
        send(features_.usermove ? "usermove " + m : m);
    }

    // Timur's text of the engine's move after `moves`; the text converted alone if it is not
    // a legal move there (the referee then says so).
    std::string fromEngine(const std::vector<std::string>& moves, const std::string& text) {
        Position& pos = positionAfter(moves, moves.size());
        if (size_t(pos.ply()) == moves.size())
            if (Move m = dialect_->parse(pos, text); !m.isNull()) return moveText(pos, m);
        return protocol::fromXBoardMove(text, ranks_);
    }

    Color sideToMoveAtStart() const {
        auto w = words(setup_.startFen);
        return w.size() > 1 && w[1] == "b" ? Black : White;
    }

    // ping N / pong N; `setup` lines seen on the way are kept.
    void sync(const std::string& when) {
        std::string ping = "ping " + std::to_string(++pingId_);
        std::string pong = "pong " + std::to_string(pingId_);
        send(ping);
        std::string line;
        Clock::time_point t0 = Clock::now();
        for (;;) {
            auto st = read(line, std::max(0, kSyncTimeoutMs - int(msSince(t0))));
            if (st != EngineProcess::ReadStatus::Line) {
                healthy_ = false;
                throw EngineError(
                    name() + ": no " + pong + " " + when +
                    (st == EngineProcess::ReadStatus::Eof ? " (the engine exited)" : ""));
            }
            if (line == pong) return;
            if (line.rfind("setup ", 0) == 0) noteSetup(line.substr(6));
        }
    }

    // setup [(PIECETOCHAR)] [WxH+S_PARENT] FEN
    void noteSetup(std::string text) {
        if (!text.empty() && text[0] == '(') {
            size_t close = text.find(')');
            text = close == std::string::npos ? "" : text.substr(close + 1);
        }
        auto w = words(text);
        if (!w.empty() && w[0].find('_') != std::string::npos &&
            w[0].find('/') == std::string::npos)
            w.erase(w.begin());
        std::string fen;
        for (const auto& x : w) fen += (fen.empty() ? "" : " ") + x;
        engineSetup_ = fen;
    }

    // Reads whatever the engine has already sent.
    void drain() {
        std::string line;
        while (read(line, 0) == EngineProcess::ReadStatus::Line) {
        }
    }

    Features features_;
    GameSetup setup_;
    int ranks_ = 8;
    std::unique_ptr<protocol::XBoardMoves> dialect_;
    std::unique_ptr<Position> pos_;  // the game's position, for the dialect
    bool forced_ = true;
    size_t told_ = 0;  // moves of the game the engine knows
    int pingId_ = 0;
    std::string engineSetup_;
};

}  // namespace

std::unique_ptr<EngineDriver> createXBoardDriver(const EngineConfig& config) {
    return std::make_unique<XBoardDriver>(config);
}

}  // namespace timur::match
