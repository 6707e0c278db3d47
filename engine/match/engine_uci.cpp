// The UCI driver: uci/uciok, setoption (UCI_Variant when the variant is not chess, or when the
// engine offers it), isready/readyok at each game's start, position + go with the clocks (and the
// spec's nodes and depth), and bestmove. UCI squares are 1-based with multi-digit ranks, as Timur's
// own text.
#include <algorithm>
#include <cctype>
#include <chrono>

#include "engine/match/engine.h"
#include "engine/text.h"

namespace timur::match {

namespace {

using Clock = std::chrono::steady_clock;

class UciDriver : public EngineDriver {
  public:
    explicit UciDriver(const EngineConfig& c) : EngineDriver(c) {}
    ~UciDriver() override { quit(); }

    void start() override {
        launch();
        variants_.clear();
        hasVariantOption_ = false;
        currentVariant_.clear();
        send("uci");
        std::string line;
        Clock::time_point t0 = Clock::now();
        for (;;) {
            int left = kStartTimeoutMs - int(msSince(t0));
            auto st = read(line, std::max(0, left));
            if (st != EngineProcess::ReadStatus::Line) {
                healthy_ = false;
                throw EngineError(name() + ": no uciok" +
                                  (st == EngineProcess::ReadStatus::Eof ? " (the engine exited)"
                                                                        : " within 10 s"));
            }
            if (line == "uciok") break;
            auto w = words(line);
            if (w.size() >= 3 && w[0] == "option" && w[1] == "name" && w[2] == "UCI_Variant") {
                hasVariantOption_ = true;
                for (size_t i = 3; i + 1 < w.size(); ++i)
                    if (w[i] == "var") variants_.push_back(lower(w[i + 1]));
            }
        }
        for (const auto& [k, v] : config_.options) send("setoption name " + k + " value " + v);
        // Options such as VariantPath may add variants: ask again for the list.
        if (std::any_of(config_.options.begin(), config_.options.end(),
                        [](const auto& o) { return lower(o.first) == "variantpath"; })) {
            send("uci");
            variants_.clear();
            Clock::time_point t1 = Clock::now();
            while (read(line, std::max(0, kStartTimeoutMs - int(msSince(t1)))) ==
                   EngineProcess::ReadStatus::Line) {
                if (line == "uciok") break;
                auto w = words(line);
                if (w.size() >= 3 && w[0] == "option" && w[1] == "name" && w[2] == "UCI_Variant")
                    for (size_t i = 3; i + 1 < w.size(); ++i)
                        if (w[i] == "var") variants_.push_back(lower(w[i + 1]));
            }
        }
        sync("after the options");
    }

    void newGame(const GameSetup& setup) override {
        setup_ = setup;
        std::string want =
            config_.variantName.empty() ? lower(setup.variant->name) : config_.variantName;
        if (want != currentVariant_) {
            bool listed =
                std::find(variants_.begin(), variants_.end(), lower(want)) != variants_.end();
            if (hasVariantOption_ && listed) {
                send("setoption name UCI_Variant value " + want);
            } else if (want != "chess" || (hasVariantOption_ && !listed)) {
                throw EngineError(name() + ": does not offer variant " + want +
                                  " (no such UCI_Variant choice)");
            }
            currentVariant_ = want;
        }
        send("ucinewgame");
        sync("at the start of a game");
    }

    EngineReply think(const std::vector<std::string>& moves, const ThinkTimes& t,
                      int waitMs) override {
        std::string pos =
            setup_.variantStart ? "position startpos" : "position fen " + setup_.startFen;
        if (!moves.empty()) {
            pos += " moves";
            for (const auto& m : moves) pos += " " + m;
        }
        send(pos);
        std::string go = "go";
        if (setup_.tc.fixedPerMove()) {
            go += " movetime " + std::to_string(setup_.tc.moveTimeMs);
        } else {
            go += " wtime " + std::to_string(std::max<std::int64_t>(1, t.whiteMs)) + " btime " +
                  std::to_string(std::max<std::int64_t>(1, t.blackMs)) + " winc " +
                  std::to_string(t.whiteIncMs) + " binc " + std::to_string(t.blackIncMs);
            if (t.movesToGo > 0) go += " movestogo " + std::to_string(t.movesToGo);
        }
        // The spec's limits come after the clock, which still bounds the game.
        if (config_.nodes > 0) go += " nodes " + std::to_string(config_.nodes);
        if (config_.depth > 0) go += " depth " + std::to_string(config_.depth);
        Clock::time_point t0 = Clock::now();
        send(go);
        EngineReply r;
        std::string line;
        for (;;) {
            int left = waitMs - int(msSince(t0));
            auto st = read(line, std::max(0, left));
            r.elapsedMs = msSince(t0);
            if (st == EngineProcess::ReadStatus::Eof) {
                healthy_ = false;
                r.kind = EngineReply::Disconnect;
                return r;
            }
            if (st == EngineProcess::ReadStatus::Timeout) {
                send("stop");
                healthy_ = false;  // resynchronised (or restarted) before the next game
                r.kind = EngineReply::Timeout;
                return r;
            }
            auto w = words(line);
            if (w.empty()) continue;
            if (w[0] == "info") {
                for (size_t i = 1; i + 2 < w.size(); ++i)
                    if (w[i] == "score") {
                        try {
                            int v = std::stoi(w[i + 2]);
                            if (w[i + 1] == "cp") r.score = v;
                            if (w[i + 1] == "mate") r.score = v > 0 ? 100000 - v : -100000 - v;
                        } catch (const std::exception&) {
                        }
                    }
            } else if (w[0] == "bestmove") {
                r.kind = EngineReply::Move;
                r.raw = w.size() > 1 ? w[1] : "";
                r.move = r.raw;
                return r;
            }
        }
    }

    void gameOver(const std::string&, const std::string&) override {}

  private:
    static std::int64_t msSince(Clock::time_point t) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
    }

    // isready / readyok; lines before readyok (a late bestmove) are dropped.
    void sync(const std::string& when) {
        send("isready");
        std::string line;
        Clock::time_point t0 = Clock::now();
        for (;;) {
            auto st = read(line, std::max(0, kSyncTimeoutMs - int(msSince(t0))));
            if (st != EngineProcess::ReadStatus::Line) {
                healthy_ = false;
                throw EngineError(
                    name() + ": no readyok " + when +
                    (st == EngineProcess::ReadStatus::Eof ? " (the engine exited)" : ""));
            }
            if (line == "readyok") return;
        }
    }

    GameSetup setup_;
    std::vector<std::string> variants_;
    bool hasVariantOption_ = false;
    std::string currentVariant_;
};

}  // namespace

std::unique_ptr<EngineDriver> createUciDriver(const EngineConfig& config) {
    return std::make_unique<UciDriver>(config);
}

}  // namespace timur::match
