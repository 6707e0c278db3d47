// The UCI front end, with the UCI_Variant conventions of Fairy-Stockfish and cutechess
// (spec/protocols.md Part B).
//
// Moves use 1-based ranks (a10, k12); promotions a lower-case letter suffix (e7e8q) or '+';
// drops P@e4; a locust capture lists its victims between from and to (c3d4e5).
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "engine/evaluate.h"
#include "engine/perft_job.h"
#include "engine/position.h"
#include "engine/protocol/gui_lag.h"
#include "engine/protocol/play_options.h"
#include "engine/protocol/session.h"
#include "engine/search.h"

namespace timur::protocol {

class UciEngine {
  public:
    UciEngine(Output& out, VariantSet& variants);
    ~UciEngine();
    // Handles one command line; false after `quit`.
    bool handle(const std::string& line);
    // End of input: a bounded search is finished, an infinite one stopped.
    void finish();

  private:
    void uci();
    void setOption(const std::string& line);
    void setTunable(const std::string& name, const std::string& value);
    void setVariant(std::shared_ptr<const Variant> v);
    void position(const std::vector<std::string>& w);
    void go(const std::vector<std::string>& w);
    void staticEval();
    void perft(int depth);
    void stopSearch();
    void info(const std::string& text) { out_.line("info string " + text); }

    Output& out_;
    VariantSet& variants_;
    std::shared_ptr<const Variant> variant_;
    std::unique_ptr<Position> pos_;
    std::unique_ptr<Evaluator> eval_;  // `eval`'s, made for variant_ when first asked
    Search search_;
    PerftJob perft_;
    // The start (startpos or the FEN) and the moves of the position set last.
    std::string posStart_;
    std::vector<std::string> posMoves_;
    bool searching_ = false;
    std::atomic<bool> ponderhit_{false};  // the running ponder search was hit
    std::int64_t overheadMs_ = 30;        // Move Overhead
    GuiLag lag_;
    bool infiniteSearch_ = false;
    int hashMb_ = 16;
    PlayOptions playOptions_;
};

}  // namespace timur::protocol
