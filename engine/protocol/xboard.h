// The XBoard front end (CECP v2, spec/protocols.md Part A): the engine's side of the dialogue.
// What XBoard's text means -- moves, variant names, the setup/piece lines that define a variant
// XBoard does not know -- is engine/xboard_dialect.h.
//
// Pondering (`hard`/`easy`): after its move the engine searches the position after the reply it
// expects; if that reply comes, the search goes on as the real one, else it is dropped.
//
// A person's moves in an engine-defined variant are entered with the engine's help (`lift`,
// `put`, `hover`: engine/xboard_highlight.h). The engine does not choose a move XBoard cannot
// show (XBoardMoves::canShow: Tamerlane's citadel exchange) unless it has no other.
//
// Not supported (documented limits): `edit` (we announce setboard=1, so XBoard does not use it),
// exclude/include, and pieces XBoard cannot show (see xboardSetup).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/perft_job.h"
#include "engine/position.h"
#include "engine/protocol/gui_lag.h"
#include "engine/protocol/play_options.h"
#include "engine/protocol/session.h"
#include "engine/search.h"
#include "engine/xboard_dialect.h"
#include "engine/xboard_highlight.h"

namespace timur::protocol {

class XBoardEngine {
  public:
    XBoardEngine(Output& out, VariantSet& variants);
    ~XBoardEngine();
    // Handles one command line; false after `quit`.
    bool handle(const std::string& line);
    // End of input: a move being thought about is still sent; analysis stops.
    void finish();

  private:
    enum class Mode { Idle, Thinking, Pondering, Analyzing };

    // One command line: its words, and the text after the first.
    struct Command {
        std::vector<std::string> words;
        std::string rest;
        const std::string& name() const { return words[0]; }
        const std::string& arg(size_t i) const;  // throws if missing
    };
    // Each group handles its commands; false if the command is not one of them.
    bool gameCommand(const Command& c);
    bool clockCommand(const Command& c);
    bool searchCommand(const Command& c);
    bool otherCommand(const Command& c);
    void unknown(const Command& c, const std::string& line);
    void level(const Command& c);
    void ping(const Command& c);
    void statistics();
    bool modeIs(Mode mode);

    void features();
    std::string variantList() const;
    void newGame();
    void useVariant(std::shared_ptr<const Variant> v);
    bool setVariant(const std::string& name);
    void userMove(const std::string& text);
    Move readMove(const std::string& text);
    Move promotionOf(const std::string& internal, const MoveList& legal) const;
    void setBoard(const std::string& fen);
    std::string withStartRights(const std::string& fen) const;
    bool isPassRelay(const std::string& fen) const;
    void pieceCommand(const Command& c);
    std::vector<Move> shownMoves(Position& pos) const;
    void undo(int plies);
    SearchLimits clockLimits() const;
    void think();
    void post(const SearchInfo& i);
    // The search's end: sends the move, then ponders if asked to (runs on the search thread).
    void searchDone(const SearchResult& r);
    SearchLimits ponderLimits(const SearchResult& r) const;
    void startPondering(const SearchResult& r);
    // The opponent played the move being pondered: the search becomes the real one.
    bool ponderHit(const std::string& xboardText);
    void analyze();
    void perft(int depth);
    void option(const std::string& text);
    void setHash(int mb);
    void stopSearch(bool discard);
    // Claims the result if the game is over; true if it is.
    bool claimIfOver();
    void send(const std::string& line) { out_.line(line); }
    std::string xbMove(const std::string& text) const;
    std::string thinkingLine(const SearchInfo& i) const;

    Output& out_;
    VariantSet& variants_;
    std::shared_ptr<const Variant> variant_;
    std::unique_ptr<XBoardMoves> moves_;  // the variant's move text
    XBoardHighlights highlights_;         // a person's move in progress (lift/put/hover)
    std::unique_ptr<Position> pos_;
    Search search_;
    PerftJob perft_;

    // Protected by out_.mutex() while a search runs.
    Mode mode_ = Mode::Idle;
    bool discard_ = false;
    std::vector<std::string> pendingPongs_;
    int lastScore_ = 0;

    bool force_ = false;
    Color engineColor_ = Black;
    bool badPosition_ = false;
    bool post_ = false;
    bool analyzing_ = false;
    bool ponder_ = false;  // `hard`
    Move ponderMove_;      // the expected reply, while Mode::Pondering
    SearchLimits thinkLimits_;
    int hashMb_ = 16;
    PlayOptions playOptions_;

    // Time control.
    std::int64_t myTimeMs_ = -1, oppTimeMs_ = -1;
    // Our clock and increment when asked for the move being thought about (-1: not timed).
    std::int64_t thinkClockMs_ = -1, thinkIncMs_ = 0;
    std::int64_t overheadMs_ = 30;  // option Move Overhead
    GuiLag lag_;                    // protected by out_.mutex()
    int mps_ = 0;
    std::int64_t baseMs_ = 5 * 60 * 1000, incMs_ = 0;
    std::int64_t stMs_ = -1;
    int sdDepth_ = 0;
    std::uint64_t nps_ = 0;
    bool haveTimeControl_ = false;
};

}  // namespace timur::protocol
