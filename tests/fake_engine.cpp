// A scripted engine for the match runner's tests: speaks UCI or XBoard (chosen by the first
// command, like Timur) and plays legal moves -- scripted ones first, sent as written, then the
// first legal move -- or misbehaves on request. Counts N are this engine's moves in the current
// game, from 1. It reads moves as Timur does (parseMove): one it cannot read is answered with
// "Illegal move" (XBoard) or with "bestmove 0000" (UCI). XBoard's text is read as Timur's front
// end reads it (protocol::XBoardMoves: promotion letters and kill legs of engine-defined variants).
//
//   --moves "M1 M2 ..."  moves to play first (Timur's text); --cycle repeats them forever
//   --illegal-at N       play "a1a1" as its Nth move
//   --illegal-games G,.. play "a1a1" as its first move in these games (1-based, counted by
//                        ucinewgame / new since it started)
//   --stall-at N         never answer its Nth move (keeps reading)
//   --crash-at N         exit with status 3 instead of its Nth move
//   --delay-at N:MS      wait MS milliseconds before its Nth move
//   --resign-at N        resign instead of its Nth move
//   --claim-at N         claim a draw instead of its Nth move
//   --reject-at N        XBoard: answer "Illegal move" to the Nth move it is told
//   --score CP           report this score with every move
//   --no-setboard        XBoard: announce setboard=0
//   --no-reuse           XBoard: announce reuse=0
//   --setup FEN          XBoard: answer `variant` with `setup (...) 8x8+0_fairy FEN`
//   --legs-per-line      XBoard: send a move of several legs a leg a line, each but the last
//                        ending in a comma (move f8f9, then move f9f8), as HaChu does
//   --memory             XBoard: announce memory=1
//   --log FILE           append every command received to FILE
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/variant.h"
#include "engine/xboard_dialect.h"

using namespace timur;

namespace {

struct Script {
    std::vector<std::string> moves;
    bool cycle = false;
    int illegalAt = 0, stallAt = 0, crashAt = 0, resignAt = 0, claimAt = 0, rejectAt = 0;
    int delayAt = 0, delayMs = 0;
    bool score = false;
    int scoreCp = 0;
    bool setboard = true;
    bool reuse = true;
    bool legsPerLine = false, memory = false;
    std::string log;
    std::string setup;
    std::vector<int> illegalGames;
};

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    std::string w;
    while (in >> w) out.push_back(w);
    return out;
}

class Fake {
  public:
    explicit Fake(Script s) : s_(std::move(s)) { setVariant("chess"); }

    void setVariant(const std::string& name) {
        try {
            variant_ = loadVariant(name == "normal" ? "chess" : name);
        } catch (const std::exception&) {
            variant_ = loadVariant("chess");
        }
        pos_ = std::make_unique<Position>(variant_);
        pos_->setStart();
    }

    void newGame() {
        pos_ = std::make_unique<Position>(variant_);
        pos_->setStart();
        made_ = 0;
        told_ = 0;
        ++games_;
    }

    // What to send for the next move: a move text (Timur's), or "" with `action` set.
    std::string choose(std::string& action) {
        int n = ++made_;
        if (n == s_.crashAt) std::exit(3);
        if (n == s_.stallAt) {
            action = "stall";
            return "";
        }
        if (n == s_.resignAt) {
            action = "resign";
            return "";
        }
        if (n == s_.claimAt) {
            action = "claim";
            return "";
        }
        if (n == s_.delayAt) std::this_thread::sleep_for(std::chrono::milliseconds(s_.delayMs));
        if (n == s_.illegalAt) return "a1a1";
        for (int g : s_.illegalGames)
            if (n == 1 && g == games_) return "a1a1";
        MoveList legal;
        generateLegal(*pos_, legal);
        if (!s_.moves.empty()) {
            size_t i = size_t(n - 1);
            if (s_.cycle) i %= s_.moves.size();
            if (i < s_.moves.size()) {
                Move m = parseMove(*pos_, s_.moves[i]);
                if (!m.isNull()) return s_.moves[i];
            }
        }
        if (legal.size == 0) {
            action = "none";
            return "";
        }
        return moveText(*pos_, legal[0]);
    }

    void log(const std::string& line) {
        if (s_.log.empty()) return;
        std::ofstream out(s_.log, std::ios::app);
        out << line << '\n';
    }

    void say(const std::string& line) { std::cout << line << std::endl; }

    int uci() {
        std::string line;
        while (std::getline(std::cin, line)) {
            log(line);
            auto w = words(line);
            if (w.empty()) continue;
            if (w[0] == "uci") {
                say("id name Fake");
                say("option name UCI_Variant type combo default chess var chess var shatranj var "
                    "capablanca var grand var tamerlane var xiangqi var crazyhouse var shogi var "
                    "chu");
                say("uciok");
            } else if (w[0] == "isready") {
                say("readyok");
            } else if (w[0] == "setoption" && w.size() >= 5 && w[2] == "UCI_Variant") {
                setVariant(w[4]);
            } else if (w[0] == "ucinewgame") {
                newGame();
            } else if (w[0] == "position") {
                pos_ = std::make_unique<Position>(variant_);
                size_t i = 2;
                if (w.size() > 1 && w[1] == "fen") {
                    std::string fen;
                    for (; i < w.size() && w[i] != "moves"; ++i)
                        fen += (fen.empty() ? "" : " ") + w[i];
                    pos_->setFen(fen);
                } else {
                    pos_->setStart();
                }
                unreadable_.clear();
                if (i < w.size() && w[i] == "moves")
                    for (++i; i < w.size(); ++i) {
                        Move m = parseMove(*pos_, w[i]);
                        if (m.isNull()) {
                            unreadable_ = w[i];
                            break;
                        }
                        pos_->makeMove(m);
                    }
            } else if (w[0] == "go" && !unreadable_.empty()) {
                // A move it could not read: it says so, and its answer is no move at all.
                say("info string Illegal move: " + unreadable_);
                say("bestmove 0000");
            } else if (w[0] == "go") {
                std::string action;
                std::string m = choose(action);
                if (action == "stall") continue;
                if (s_.score)
                    say("info depth 1 score cp " + std::to_string(s_.scoreCp) + " pv " + m);
                say("bestmove " + (m.empty() ? std::string("(none)") : m));
            } else if (w[0] == "quit") {
                return 0;
            }
        }
        return 0;
    }

    int xboard() {
        std::string line;
        bool force = false;
        Color mine = Black;
        auto think = [&]() {
            std::string action;
            std::string m = choose(action);
            if (action == "stall") return;
            if (action == "resign") return say("resign");
            if (action == "claim") return say("1/2-1/2 {Draw by repetition}");
            if (m.empty()) return;
            if (s_.score) say("1 " + std::to_string(s_.scoreCp) + " 0 1 " + m);
            Move mv = parseMove(*pos_, m);
            if (!mv.isNull()) pos_->makeMove(mv);
            std::string text = protocol::toXBoardMove(m, variant_->board.ranks);
            if (s_.legsPerLine)
                for (size_t comma; (comma = text.find(',')) != std::string::npos;) {
                    say("move " + text.substr(0, comma + 1));
                    text.erase(0, comma + 1);
                }
            say("move " + text);
        };
        while (std::getline(std::cin, line)) {
            log(line);
            auto w = words(line);
            if (w.empty()) continue;
            const std::string& c = w[0];
            if (c == "protover") {
                say(std::string("feature ping=1 usermove=1 setboard=") + (s_.setboard ? "1" : "0") +
                    (s_.reuse ? "" : " reuse=0") + (s_.memory ? " memory=1" : "") +
                    " variants=\"normal,shatranj,capablanca,grand,tamerlane,xiangqi,crazyhouse,"
                    "shogi,chu\" "
                    "done=1");
            } else if (c == "new") {
                setVariant("chess");
                newGame();
                force = false;
                mine = Black;
            } else if (c == "variant" && w.size() > 1) {
                setVariant(w[1]);
                if (!s_.setup.empty()) say("setup (PNBRQKpnbrqk) 8x8+0_fairy " + s_.setup);
            } else if (c == "force") {
                force = true;
            } else if (c == "setboard") {
                pos_->setFen(line.substr(9));
            } else if (c == "ping" && w.size() > 1) {
                say("pong " + w[1]);
            } else if (c == "go") {
                force = false;
                mine = pos_->sideToMove();
                think();
            } else if (c == "usermove" && w.size() > 1) {
                Move mv = protocol::XBoardMoves(variant_).parse(*pos_, w[1]);
                if (mv.isNull() || ++told_ == s_.rejectAt) {
                    say("Illegal move: " + w[1]);
                    continue;
                }
                pos_->makeMove(mv);
                if (!force && pos_->sideToMove() == mine) think();
            } else if (c == "quit") {
                return 0;
            }
        }
        return 0;
    }

    Script s_;
    std::shared_ptr<const Variant> variant_;
    std::unique_ptr<Position> pos_;
    int made_ = 0;
    int games_ = 0;
    int told_ = 0;
    std::string unreadable_;  // UCI: the first move of `position` it could not read
};

int number(const char* s) {
    return std::atoi(s);
}

}  // namespace

int main(int argc, char** argv) {
    Script s;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--moves")
            s.moves = words(value());
        else if (a == "--cycle")
            s.cycle = true;
        else if (a == "--illegal-games") {
            std::stringstream in(value());
            std::string g;
            while (std::getline(in, g, ',')) s.illegalGames.push_back(number(g.c_str()));
        } else if (a == "--illegal-at")
            s.illegalAt = number(value());
        else if (a == "--stall-at")
            s.stallAt = number(value());
        else if (a == "--crash-at")
            s.crashAt = number(value());
        else if (a == "--resign-at")
            s.resignAt = number(value());
        else if (a == "--claim-at")
            s.claimAt = number(value());
        else if (a == "--reject-at")
            s.rejectAt = number(value());
        else if (a == "--delay-at") {
            std::string v = value();
            s.delayAt = number(v.c_str());
            s.delayMs = number(v.c_str() + v.find(':') + 1);
        } else if (a == "--score") {
            s.score = true;
            s.scoreCp = number(value());
        } else if (a == "--no-setboard")
            s.setboard = false;
        else if (a == "--no-reuse")
            s.reuse = false;
        else if (a == "--legs-per-line")
            s.legsPerLine = true;
        else if (a == "--memory")
            s.memory = true;
        else if (a == "--log")
            s.log = value();
        else if (a == "--setup")
            s.setup = value();
        else {
            std::cerr << "fake_engine: unknown option " << a << '\n';
            return 2;
        }
    }
    Fake fake(s);
    std::string first;
    while (std::getline(std::cin, first)) {
        fake.log(first);
        if (first == "uci") {
            fake.say("id name Fake");
            fake.say(
                "option name UCI_Variant type combo default chess var chess var shatranj var "
                "capablanca var grand var tamerlane var xiangqi var crazyhouse var shogi var chu");
            fake.say("uciok");
            return fake.uci();
        }
        if (first == "xboard") return fake.xboard();
    }
    return 0;
}
