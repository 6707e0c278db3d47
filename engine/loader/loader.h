// The variant loader's sections, private to engine/loader/. One Loader reads one JSON document
// (inheritance already resolved) into a Variant; each group of the format has its own file:
//
//   loader.cpp          the order of the sections, and the whole load
//   board.cpp           /board and the regions (square sets) used everywhere else
//   pieces.cpp          /pieces, and references to pieces by letter
//   positions.cpp       /start and /setups, read by the FEN reader (engine/fen.h)
//   rules.cpp           /rules: the simple rules, and the checks across rules and pieces
//   promotion.cpp       /rules/promotion, and Bex promotion lists in a piece's Betza
//   castling.cpp        /rules/castling
//   citadels_swap_placement.cpp   /rules/citadels, /rules/swap, /rules/placement
//   betza_castling.cpp  castling given by an O in a royal's Betza
//   tables.cpp          compiling every piece's move tables
//   xboard.cpp          /xboard: XBoard's name for the variant and its start array there
//   evaluation.cpp      /evaluation: the evaluation's weights and piece values
//   files.cpp           files, names, inheritance, and the public entry points
//
// Every problem is a VariantError "ORIGIN: /json/pointer: what is wrong" (the root is "/").
// Nothing in here may crash or let another exception escape on any input: JSON values are only
// read after their type has been checked, and the Betza parser's and compiler's exceptions are
// turned into VariantErrors at the piece's pointer.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/loader/json.h"
#include "engine/variant.h"

namespace timur::loader {

class Loader : private JsonReader {
  public:
    explicit Loader(std::string origin) : JsonReader(std::move(origin)) {}

    std::shared_ptr<Variant> load(const Json& root);

  private:
    // board.cpp
    void loadBoard(const Json& v, const std::string& ptr);
    SquareSet regionItem(const Json& v, const std::string& ptr) const;
    SquareSet regionList(const Json& v, const std::string& ptr) const;
    SideSquares region(const Json& v, const std::string& ptr) const;
    // pieces.cpp; the pieces named by letter elsewhere, and Betza text.
    void loadPieces(const Json& v, const std::string& ptr);
    void loadPieceDetails(const Json& v, const std::string& ptr, PieceType self);
    void loadFirstMoveRules(const Json& pj, const std::string& p, PieceSpec& spec);
    void loadMovesWithin(const Json& v, const std::string& ptr, PieceSpec& spec) const;
    // A piece's "xboardPiece": one of XBoard's piece types, by name, used by no other piece.
    std::string xboardPiece(const Json& v, const std::string& piecePtr) const;
    PieceType letterRef(const Json& v, const std::string& ptr) const;
    std::vector<PieceType> letterList(const Json& v, const std::string& ptr) const;
    betza::PieceMoves betzaOf(const std::string& text, betza::Dialect dialect,
                              const std::string& ptr) const;
    // positions.cpp
    void loadPositions(const Json& root);
    FenPosition checkFen(const std::string& fen, const std::string& ptr) const;
    void checkPositions() const;
    // rules.cpp
    void loadRules(const Json& v, const std::string& ptr);
    Outcome outcome(const Json& v, const std::string& ptr) const;
    // An outcome, or "count" (rules.counting decides; checked once all rules are read).
    Rules::EndScore endScore(const Json& v, const std::string& ptr) const;
    Rules::MaterialCounting loadCounting(const Json& v, const std::string& ptr) const;
    void loadGating(const Json& v, const std::string& ptr);
    void checkConsistency(const Json& rulesJson);
    // capture_limits.cpp
    void loadCaptureLimits(const Json& v, const std::string& ptr);
    // promotion.cpp
    PromotionRule loadPromotion(const Json& v, const std::string& ptr) const;
    void loadInPlace(const Json& v, const std::string& ptr, PromotionRule& rule) const;
    void promotionsFromBetza();
    // castling.cpp
    CastlingRule loadCastling(const Json& v, const std::string& ptr) const;
    // citadels_swap_placement.cpp
    CitadelRule loadCitadels(const Json& v, const std::string& ptr) const;
    SwapRule loadSwap(const Json& v, const std::string& ptr) const;
    PlacementRule loadPlacement(const Json& v, const std::string& ptr) const;
    // betza_castling.cpp
    void castlingFromBetza();
    // tables.cpp
    void compileTables();
    // xboard.cpp
    void loadXBoard(const Json& v, const std::string& ptr);
    // evaluation.cpp
    void loadEvaluation(const Json& v, const std::string& ptr);
    void loadSquareBonus(const Json& v, const std::string& ptr);

    std::shared_ptr<Variant> variant_;
    FenPosition start_;  // the start position's board
};

}  // namespace timur::loader
