// Static evaluation for any variant, derived from the variant's data alone (no variant names).
//
// Piece values come from each piece's compiled move table (PieceProfile); piece-square terms from
// the same tables (how many squares the piece reaches from each square, what a piece whose moves
// change by zone is worth there, how far a pawn-like piece is from its promotion zone). On top of
// material and those tables: pawn structure for pawn-like pieces (doubled, isolated, passed,
// connected, the royal's pawn shelter), file sliders on open files, the pair of
// colour-bound sliders, king safety for royals (enemy pieces near them, friends around them),
// pieces in hand, bare-royal and stalemate rules, and conversion (the side ahead drives the enemy
// royal to the edge and trades down), each tapered between middlegame and endgame by the material
// left on the board. From the bitboard move sets of the pieces that have them
// (engine/variant_bitboards.h), at run time: mobility, threats (pieces attacked by cheaper ones, or
// attacked and undefended), attacks on the royals' neighbourhoods and, with the weight kingDanger,
// Stockfish's king danger (checks, weak squares, flank; evaluate_attacks.cpp). Every
// term's weight is Variant::evalWeights. The pawn terms, which depend on the pawn-like pieces and
// the first royals alone, each Evaluator keeps in a cache by those (evaluate_pawns.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/position.h"

namespace timur {

// What the engine derives from a piece's compiled moves on an empty board.
struct PieceProfile {
    double mobility = 0;     // squares reached, averaged over the board's squares
    double weighted = 0;     // the same, a square k steps out on a slide counting 0.75^k, a
                             // move-only or capture-only square half
    double leaperShare = 0;  // share of `weighted` reached in one step (leaps, not slides)
    double forward = 0, backward = 0;  // weighted reach of moves that go up / down the board
    double coverage = 1;      // share of the board the piece can ever reach (colour binding)
    bool fileSlider = false;  // slides three squares or more straight up its file (rook, lance)
    bool royal = false;
    // Has a promotion rule and every move goes one rank forward: valued and evaluated as a pawn.
    bool pawn = false;
    int derived = 0;  // the value this profile gives (centipawns)
    int value = 0;    // PieceSpec::value if set, else `derived`
};

PieceProfile pieceProfile(const Variant& variant, PieceType type);

// The value derived from the piece's moves: mobility, leaper versus slider, forward versus
// backward reach and colour binding. Pawn-like pieces (those that promote and only step one rank
// forward) are worth 100. Royal pieces are worth 0 when losing one loses the game; when a side may
// hold several royals and lose some (CheckRule::SoleRoyal, None) they are valued by their moves
// like other pieces.
int derivedPieceValue(const Variant& variant, PieceType type);

// PieceSpec::value when the variant sets it, else derivedPieceValue.
int pieceValue(const Variant& variant, PieceType type);

class Evaluator {
  public:
    explicit Evaluator(std::shared_ptr<const Variant> variant);

    // Centipawns from the side to move's point of view.
    int evaluate(const Position& pos) const;
    int value(PieceType t) const { return values_[t]; }
    // The piece-square value (its value included) of a piece of colour c on sq.
    int pieceSquare(Color c, PieceType t, int sq, bool endgame) const {
        return (endgame ? eg_ : mg_)[c][t][sq];
    }
    // The phase evaluate() tapers by: 256 with the start position's material (pawn-like pieces
    // and royals aside) on the board or in hand, falling to 0 as it goes; the weights phaseMg
    // and phaseEg set where the fall begins and ends.
    int phase(const Position& pos) const;
    // Value of whatever a move captures plus what it promotes to (for move ordering).
    int gain(const Position& pos, const Move& m) const;
    // Whether side c has pieces other than royals and pawn-like ones (null-move safety).
    bool hasPieces(const Position& pos, Color c) const;
    // What the pawn terms read of a position (their cache's key; the search's correction
    // history keys by it too): the squares of each pawn-like type of each colour
    // (Position::pawnHash) and each side's first royal.
    std::uint64_t pawnKey(const Position& pos) const;

  private:
    int conversion(const Position& pos, Color strong, int lead, int phase) const;
    int endgameScale(const Position& pos, Color strong, const int* pawns,
                     const int* pieceMaterial) const;
    bool wrongColourCorner(const Position& pos, Color strong, const int* pieceMaterial) const;
    // Mobility, threats and attacks on the royals, added to mg and eg (evaluate_attacks.cpp);
    // shelters: each side's royal's pawn shelter at weight 100, for the king danger.
    void attackTerms(const Position& pos, int* mg, int* eg, const int* shelters) const;
    template <int W>
    void attackTermsOf(const Position& pos, int* mg, int* eg, const int* shelters) const;
    void prepareAttackTerms(const std::vector<PieceProfile>& profiles);
    // [colour][file]: the pawn-like pieces on each file.
    using PawnFiles = std::array<std::array<std::uint8_t, 16>, 2>;
    // Structure, passed, connected and shelter terms, added to mg and eg (evaluate_pawns.cpp):
    // from the pawn cache, or computed by pawnTerms and stored there. shelters: [colour] its
    // royal's shelter at weight 100 (0 without a royal, or where neither the shelter term nor
    // the king danger reads it), kept in the cache so that the king danger costs no new scan.
    void cachedPawnTerms(const Position& pos, const PawnFiles& pawnFiles, int* mg, int* eg,
                         int* shelters) const;
    void pawnTerms(const Position& pos, const PawnFiles& pawnFiles, int* mg, int* eg,
                   int* shelters) const;
    int shelter(const Position& pos, Color c, const SquareSet* pawns) const;
    // [colour]: its pawn-like pieces, added to pawns.
    void pawnSets(const Position& pos, SquareSet* pawns) const;
    void preparePawnTerms();

    EvalWeights w_{};
    bool attacks_ = false;  // the variant has bitboard tables and some term's weight is not 0
    // [type]: mobility weight per square (1/16 cp, weights included) and the square count
    // that scores 0; king-attack weight per square of the royal's neighbourhood attacked.
    std::array<int, kMaxPieceTypes> mobMg_{}, mobEg_{}, mobCentre_{}, kingAttackUnit_{};
    // [type]: the king-danger weight of a piece attacking a royal's neighbourhood (more for
    // cheap pieces, as in Stockfish: a knight there matters more than a queen), and whether its
    // checks are found backwards from the royal (reversible bitboard types).
    std::array<int, kMaxPieceTypes> dangerWeight_{};
    std::array<bool, kMaxPieceTypes> checksKnown_{}, heavy_{};  // heavy: worth a queen
    // [type]: its checks are known and depend on the occupancy, so that reading them through
    // the first piece on each line finds pins (a leaper's would find nothing new).
    std::array<bool, kMaxPieceTypes> xray_{};
    // [type]: a cheap leaper (the knight) whose guard of its royal's neighbourhood eases the
    // king danger, as in Stockfish; none with the term off, so the attack loop skips the test.
    std::array<bool, kMaxPieceTypes> guard_{};
    bool kingDanger_ = false;
    // The types in the order the attack terms read them: the pawnTypeCount_ pawn-like first.
    std::array<std::uint8_t, kMaxPieceTypes> scanOrder_{};
    int pawnTypeCount_ = 0;
    // [colour][square of its royal]: the royal's flank, the files within two of its own, on
    // that side's half of the board and one rank beyond.
    std::array<std::vector<SquareSet>, 2> royalFlank_;
    // [square]: the royal's neighbourhood (king steps), for shelter and the attack terms.
    std::vector<SquareSet> royalZone_;
    // [square]: the king danger's ring, as Stockfish's: the three by three squares around the
    // royal, moved inwards off the board's edges, so that an edge royal's ring is as large.
    std::vector<SquareSet> dangerRing_;
    // [colour][type][square]: king steps from the promotion zone (pawn-like types).
    std::array<std::vector<std::array<std::uint8_t, kMaxSquares>>, 2> zoneDistance_;
    std::array<int, kMaxPieceTypes> maxZoneDistance_{};

    std::shared_ptr<const Variant> variant_;
    int typeCount_ = 0;
    std::array<int, kMaxPieceTypes> values_{};
    std::array<bool, kMaxPieceTypes> pawn_{}, royal_{}, royalValued_{};
    // [type]: how much of the advancement and passed-pawn bonuses a pawn-like piece gets, by
    // what its promotion is worth (1 for a queen, about 0.15 for a ferz).
    std::array<double, kMaxPieceTypes> promoScale_{};
    // [colour][type][square]: piece-square bonus, middlegame and endgame.
    std::array<std::vector<std::array<std::int16_t, kMaxSquares>>, 2> mg_, eg_;
    // [colour][type]: +1 or -1, the rank direction a pawn-like piece goes to promote.
    std::array<std::array<int, kMaxPieceTypes>, 2> forward_{};
    // [square]: how far the square is from the board's centre, in king steps (0 in the middle).
    std::array<std::uint8_t, kMaxSquares> centreDistance_{};
    // [square]: its file and rank (no division in the hot loops).
    std::array<std::uint8_t, kMaxSquares> file_{}, rank_{};
    // [square]: the squares within 3 king steps of it (itself excluded), for king safety.
    std::vector<SquareSet> near3_;
    // [direction: 0 up the board, 1 down][square]: the squares ahead of it on its own file and
    // the next ones, where an enemy pawn-like piece stops it from being passed.
    std::array<std::vector<SquareSet>, 2> frontSpan_;
    // [direction][square]: the squares ahead of it on its own file (an opposed pawn).
    std::array<std::vector<SquareSet>, 2> frontFile_;
    // [colour][square]: where a pawn-like piece of that colour defends the square from in one
    // step; [square]: the squares beside it on its rank (a phalanx).
    std::array<std::vector<SquareSet>, 2> supporters_;
    std::vector<SquareSet> phalanx_;
    // [colour][type][square]: the connected bonus before its factors and weights.
    std::array<std::vector<std::array<std::int16_t, kMaxSquares>>, 2> connected_;
    // [colour]: the rank direction of its pawn-like pieces, the front of its royal's shelter
    // (0: no pawn-like pieces).
    std::array<int, 2> royalForward_{};
    // The pawn cache: pawnTerms' result by pawnKey, the same pawns and royals recurring all
    // through a search. Each search thread owns its Evaluator, so the cache needs no lock; it is
    // mutable because evaluate() is const. Empty without pawn-like pieces.
    struct PawnEntry {
        std::uint64_t key = 0;
        std::array<std::int16_t, 2> mg{}, eg{}, shelter{};
    };
    mutable std::vector<PawnEntry> pawnCache_;
    int distance(int a, int b) const {
        return std::max(std::abs(file_[a] - file_[b]), std::abs(rank_[a] - rank_[b]));
    }
    int maxCentreDistance_ = 1, maxRoyalDistance_ = 1;
    // The file terms' sliders, and the colour-bound sliders with the region of each square (the
    // pair bonus: pieces of one such type in two regions).
    std::array<bool, kMaxPieceTypes> fileSlider_{}, colourBound_{};
    std::array<int, kMaxPieceTypes> pairMg_{}, pairEg_{};  // centipawns, weights applied
    std::array<std::array<std::vector<std::uint16_t>, kMaxPieceTypes>, 2> region_;
    // The phase of that much non-pawn, non-royal material (both sides): 256 (all middlegame)
    // from phaseFull_ up, 0 (all endgame) from phaseNone_ down, linear between. The bounds are
    // the weights phaseMg and phaseEg, in % of the start position's such material.
    int phaseFull_ = 1, phaseNone_ = 0;
    int phaseOf(int material) const {
        return std::clamp((material - phaseNone_) * 256 / (phaseFull_ - phaseNone_), 0, 256);
    }
    bool pawnStructure_ = false;
    bool bareRoyalLoses_ = false;
    bool hands_ = false;
    // The endgame is scaled towards a draw where the material cannot be converted: rules
    // under which only checkmate wins (stalemate a draw, no baring, no hands).
    bool scaleEndgames_ = false;
    int lightestPiece_ = 0;  // the cheapest non-pawn, non-royal piece's value
    // Rules::GatingRule without drops: a piece in hand enters only through a gating right, so
    // the hand is worth as much as the rights left can bring in.
    bool gatingOnly_ = false;
};

}  // namespace timur
