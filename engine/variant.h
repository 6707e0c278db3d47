// A variant as loaded from its JSON file: board, pieces, start positions and rules.
//
// Everything a rule needs is data here; the engine core switches general mechanisms on and off
// from these fields and never tests a variant's name. variants/schema.json documents the JSON
// form of every field; engine/loader/ reads it.
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/eval_weights.h"
#include "engine/piece.h"
#include "engine/variant_info.h"
#include "notation/ast.h"
#include "notation/compile.h"
#include "notation/geometry.h"

namespace timur {

// How a game-ending condition scores for the side it happens to (the side to move, or the side
// that lost its pieces).
enum class Outcome : std::uint8_t { Loss, Draw, Win };

// A square set given for White; Black's is the same set turned by 180 degrees unless the JSON
// gives Black's explicitly.
struct SideSquares {
    std::array<SquareSet, 2> of;  // indexed by Color
    bool any() const { return of[0].any() || of[1].any(); }
};

struct PieceSpec {
    std::string name;
    std::string letter;  // White's FEN letter with its suffix: "P", "R'", "P!", "+P"; Black's is
                         // the same with the first letter in lower case
    std::string betza;
    betza::Dialect notation = betza::Dialect::XBetza;
    betza::PieceMoves moves;  // parsed from betza
    bool royal = false;
    std::optional<int> value;  // centipawns, overrides the derived value

    // Moves used while the piece stands inside `zone` (xiangqi soldier across the river).
    struct ZoneMoves {
        SideSquares zone;
        std::string betza;
        betza::PieceMoves moves;
    };
    std::vector<ZoneMoves> zoneMoves;

    // The squares the piece may move to (xiangqi palace, elephants on their own side).
    // Empty = the whole board.
    SideSquares confinement;

    // Further moves the piece has while it stands on one of `squares`, made only along those
    // squares: every square outside the set is off the board for them (janggi's palace
    // diagonals).
    struct MovesWithin {
        SideSquares squares;
        std::string betza;
        betza::PieceMoves moves;
    };
    std::vector<MovesWithin> movesWithin;

    // Pieces of these types (either side) the piece may never capture, and may never pass over
    // (as a hopper's screen, or on any path that goes on beyond an occupied square): to it they
    // are walls (janggi's cannon and other cannons).
    std::bitset<kMaxPieceTypes> mayNotCapture, mayNotPassOver;

    // Shogi-style promotion: the type this piece turns into, and, for a promoted type, the type
    // it reverts to when captured into hand.
    PieceType promotesTo = kNoPieceType;
    PieceType demotesTo = kNoPieceType;

    // Whether a lame multi-square non-capturing move of this piece gives the opponent an
    // en-passant right. Default: the piece has an e-move itself (pawns).
    bool enPassantVictim = false;

    // Squares where this piece can never be captured, displaced or swapped (Tamerlane's parked
    // pawn of pawns on its last rank).
    SideSquares immune;

    // First-move right: the piece's initial (i) moves need a right of its own, named in the
    // FEN's rights field by its file (upper case for White) on its side's first rank, and lost
    // for good when it moves or is taken; coming back to its start square does not restore it
    // (Ouk Chatrang's king and met). Without it, a piece on its start square is unmoved.
    bool firstMoveRight = false;
    // The right is lost when an enemy piece of one of these types ends a move (or is dropped)
    // on a square from which it could capture this piece on some occupancy: for a rook, any
    // square of its rank or file, blocked or not (the Ouk king's leap).
    std::bitset<kMaxPieceTypes> rightLostWhenAimedBy;
    // Its initial (i) moves are not allowed while its side is in check (the Ouk king's leap).
    bool initialNotInCheck = false;

    // Which of XBoard's piece types draws it (engine/xboard_piece_names.h; its image is
    // White<NAME>.svg): fixed, so that a directory of images fits. Empty: chosen by the moves.
    std::string xboardPiece;
};

// Pieces of `pieces` promote to one of `choices` when a move ends in (or, with fromZoneToo,
// starts in) the zone.
struct PromotionRule {
    std::vector<PieceType> pieces;
    SideSquares zone;
    std::vector<PieceType> choices;  // empty = each piece's promotesTo (demotesTo with demote)
    // The pieces turn back into the type they are the promotion of (their demotesTo) instead:
    // with a zone of the whole board and mandatory, a promoted piece reverts on every move
    // (Kyoto shogi).
    bool demote = false;
    // Promotion as a move of its own (Sittuyin): a piece standing in the zone turns into a
    // choice where it stands (written e5e5f) instead of moving; moving never promotes. Optional.
    bool inPlace = false;
    bool stepAsPromoted = false;    // or on an empty square the new type could move to from there
    bool anywhereWhenLast = false;  // the side's only piece of its type may promote outside
    bool mayNotAttack = false;      // the new piece may not attack an enemy piece, nor the
                                    // promotion give check
    bool mandatory = true;          // false: may also stay unpromoted, unless it could not move
                                    // again from where it ends (last rank)
    bool fromZoneToo = false;       // shogi: a move starting in the zone may promote too
    // Chu shogi: a move that captures nothing promotes only when it enters the zone (starts
    // outside it); captures promote as the other fields say.
    bool quietOnlyOnEntry = false;
    // With mandatory false: the piece may stay unpromoted even where it could never move again
    // (chu's pawn on the last rank, a dead piece).
    bool mayStayImmobile = false;
    // At most this many pieces of a type on the board for it to be a choice (grand chess:
    // a pawn promotes only to a piece its side has lost). Missing type = no limit.
    std::map<PieceType, int> limit;
    // Relocation on promotion: the promoted piece goes to the square where a piece of this type
    // starts (in the variant's start position) instead of staying. A non-royal there is removed;
    // a royal there makes the move illegal (Tamerlane's pawn of pawns, second arrival).
    PieceType relocateTo = kNoPieceType;
    // What an occupied relocation square does (Tamerlane RULE-OPTION O21).
    enum class Blocked : std::uint8_t {
        RoyalForbids,     // a non-royal there is removed; a royal makes the move illegal
        RemoveAny,        // whatever stands there (not immune) is removed
        OccupiedForbids,  // any piece there makes the move illegal
    };
    Blocked relocationBlocked = Blocked::RoyalForbids;
};

// Squares owned by a side that only some pieces may enter (Tamerlane's citadels). Everyone
// else treats them as off the board. A piece standing on one can never be captured.
struct CitadelRule {
    SideSquares squares;                 // squares.of[c]: the citadel(s) side c owns
    std::vector<PieceType> ownEntrants;  // c's pieces of these types may enter c's own citadel
    enum class Enemy : std::uint8_t { None, TopRoyal, AnyRoyal };
    Enemy enemyEntrants = Enemy::TopRoyal;  // who may step into the other side's citadel
    // Stepping into the other side's citadel ends the game with this outcome for the side that
    // entered (nullopt: nothing happens).
    std::optional<Outcome> enemyEntry = Outcome::Draw;
    // Once per game (FEN right 'X'), the entering royal may instead exchange places with another
    // royal of its side on the main board, which goes into the citadel; the game goes on.
    bool exchange = true;
    bool unlimitedExchange = false;  // no right needed: every entry may be an exchange
    bool attackable = false;         // occupants can be in check (still never captured)
};

// A once-per-game exchange of places between a royal and another own piece (Tamerlane's King
// swap). FEN right 'K'.
struct SwapRule {
    PieceType piece = kNoPieceType;
    enum class When : std::uint8_t { CheckOrNoMove, Check, NoMove, Always };
    When when = When::CheckOrNoMove;
    bool pawnToLastRank = false;    // a partner may land where it could never move again
    bool withSeveralRoyals = true;  // allowed while the side has other royals too
};

// A piece parked in `from` may, as a move, be put on any main-board square; what stands there
// (not royal, not immune) is removed, and the piece becomes `becomes`. The square must be
// such that after the placement the piece forks two enemies on its forward diagonals, or
// leaves one of them without a legal move (Tamerlane's pawn of pawns).
struct PlacementRule {
    PieceType piece = kNoPieceType;
    SideSquares from;
    PieceType becomes = kNoPieceType;
    bool fork = true;
    bool forkRoyals = true;  // royals count as fork targets
    bool immobilise = true;
    bool ontoFriend = true;  // may land on (and remove) an own piece
    bool ontoEnemy = true;   // may land on (and remove) an enemy piece
};

// Chess-style castling: king and rook on their start rank, unmoved, squares between empty,
// the king not in check and not passing an attacked square.
struct CastlingRule {
    PieceType king = kNoPieceType;
    PieceType rook = kNoPieceType;
    int rank = 0;  // White's castling rank (0-based); Black's is the rotated one
    int kingsideKingFile = 6, kingsideRookFile = 5;    // 0-based files, White's view
    int queensideKingFile = 2, queensideRookFile = 3;  // Black uses the same files
    // The king stops on any square from one step towards the rook up to the one next to it, and
    // the rook lands on the square the king crossed next to it (Wildebeest); the files above
    // are then unused.
    bool kingStopsAnywhere = false;
};

// When does leaving a royal attacked make a move illegal?
enum class CheckRule : std::uint8_t {
    AnyRoyal,   // no royal may be left attacked (chess)
    SoleRoyal,  // only while the side has exactly one royal (several royals: capture to extinction)
    AllRoyals,  // a move may leave some royals attacked but not all at once (Spartan duple check);
                // "in check" means every royal attacked
    None,       // royals are ordinary pieces that can be captured; losing all of them loses
};

struct Rules {
    std::vector<PromotionRule> promotions;
    std::optional<CastlingRule> castling;

    bool drops = false;  // pieces in hand may be dropped (each piece's @ rule limits where)
    // A piece in hand that has a promotesTo may also be dropped as that type (Kyoto shogi): the
    // hand piece's @ rule limits where.
    bool dropPromoted = false;
    // While the side to move has pieces in hand, it must drop one if it can (Sittuyin's setup:
    // the pieces are placed before the first move on the board).
    bool mustDrop = false;
    bool capturesToHand = false;  // captured pieces go to the capturer's hand (demoted)
    // Gating (Seirawan chess): a piece that leaves one of `squares` for the first time (its
    // unmoved mark there: a FEN names it by its file in the rights field) may bring a piece of
    // its side's hand onto the square it left, as part of the same move; a castling may do so
    // on the king's or the rook's square. A side whose hand is empty (without capturesToHand)
    // has no gating rights left. Hand pieces enter only so unless `drops` is also on. The
    // entering piece may give check but not shield its own royals: a gating move is legal only
    // if the same move without it is (legalAfterMake).
    struct GatingRule {
        SideSquares squares;  // on each side's first rank
    };
    std::optional<GatingRule> gating;
    // Whether positions have hands (written in a FEN's brackets).
    bool hasHands() const { return drops || capturesToHand || gating.has_value(); }
    std::vector<PieceType> dropMateIllegal;  // a drop of these may not give checkmate (shogi pawn)
    bool immobileIllegal = false;            // a piece may not end where it could never move again

    CheckRule checkRule = CheckRule::AnyRoyal;
    // SoleRoyal: count the royals before the move, not after, so that promoting a second royal
    // does not answer a check (Tamerlane RULE-OPTION O11).
    bool royalCountBeforeMove = false;
    bool flyingRoyals = false;  // royals may not face each other on an open file (xiangqi)

    // How a game that a rule ends is scored: an outcome for the side the rule names, or by
    // `counting`.
    struct EndScore {
        Outcome outcome = Outcome::Draw;
        bool counted = false;
    };
    // Material counting (janggi): each side's points for its pieces on the board, Black's plus
    // blackBonus; more points win, equal points draw.
    struct MaterialCounting {
        std::array<double, kMaxPieceTypes> points{};
        double blackBonus = 0;
    };
    std::optional<MaterialCounting> counting;
    // A side may pass (its turn, nothing else changes), written as its royal's move to its own
    // square; not while in check (but see facingRoyals), not without a royal on the board.
    struct PassRule {
        std::optional<EndScore> twice;  // two passes in a row end the game (for the side to move)
    };
    std::optional<PassRule> pass;
    // Royals facing each other on a file with nothing between them (janggi's bikjang): the side
    // to move then must end it or pass, even in check; passing then ends the game, scored so
    // for the side that passed. Moving into it is allowed. Needs `pass`.
    std::optional<EndScore> facingRoyals;

    Outcome checkmate = Outcome::Loss;  // for the side that is mated
    Outcome stalemate = Outcome::Draw;  // for the side that has no move
    // A side not in check with nothing on the board but its royals and one piece that may
    // promote, whose every legal move is a promotion, ends the game so scored for it (Sittuyin:
    // a draw, as the pawn need not promote).
    std::optional<Outcome> onlyPromotionsLeft;
    // Bare royal: a side left with nothing but royals, while the opponent has more, loses
    // (shatranj, courier) -- unless it can bare the opponent at once (bareRoyalReply).
    std::optional<Outcome> bareRoyal;
    bool bareRoyalReply = true;

    std::optional<CitadelRule> citadels;
    std::vector<PieceType> royalRank;  // royal types, highest first ("top royal")
    std::optional<SwapRule> swap;
    std::vector<PlacementRule> placements;

    // Captures of protected pieces (chu shogi's Lion): a piece of `capturers` may not take a
    // piece of `pieces` when the capturer could be taken back where its move ends (the square
    // is attacked by the victim's side after the move, pinned pieces counting), unless the
    // victim stood next to the capturer's start (adjacentAllowed) or the move also took a piece
    // not of `bridgeExcept` (bridgeAllowed).
    struct ProtectedVictimsRule {
        std::bitset<kMaxPieceTypes> pieces, capturers, bridgeExcept;
        bool adjacentAllowed = false;
        bool bridgeAllowed = false;
    };
    std::optional<ProtectedVictimsRule> protectedVictims;
    // Chu shogi's counterstrike rule: after a piece of `pieces` was taken by a piece not of
    // `pieces`, the other side may not at once take a piece of `pieces` with a piece not of
    // `pieces` (with unlessUnprotected, the Okazaki rule: only when it could be taken back).
    struct CounterstrikeRule {
        std::bitset<kMaxPieceTypes> pieces;
        bool unlessUnprotected = false;
    };
    std::optional<CounterstrikeRule> counterstrike;

    int nMoveRule = 0;        // full moves without capture or pawn move that draw (0 = none)
    int repetitionCount = 0;  // n-fold repetition (0 = none)
    Outcome repetition = Outcome::Draw;  // for the side to move when it happens
    bool perpetualCheckLoses = false;    // repeating by checking every move loses for the checker
};

// What XBoard calls a variant it knows itself ("xboard" in the JSON). XBoard plays such a
// variant from its own start array and sends no setboard, and ignores `setup` for it; on another
// board it is engine-defined under XBoard's size-prefixed name (engine/xboard_dialect.h).
struct XBoardIdentity {
    std::string name;          // XBoard's name: "normal", "courier"
    int files = 0, ranks = 0;  // the board XBoard plays it on
    std::string start;         // XBoard's start array when it differs from ours; empty: ours
    // XBoard's letter for a piece where it is not ours (xiangqi: our N is its H), by piece type:
    // XBoard reads a PGN's SAN with its own letters. 0: the same.
    std::vector<char> letters;
};

// A fitted correction to a piece's square values (the "evaluation" section's "squares", as
// `timur tune --squares` writes them): centipawns added in the middlegame and in the endgame, by
// the rank counted from the owner's side and the file counted from the nearer edge, so that both
// wings and both colours share one entry. Rank-major: index = rank * halfFiles + file.
struct SquareBonus {
    std::vector<int> mg, eg;  // empty: no correction for this piece
    static int halfFiles(const Geometry& g) { return (g.files + 1) / 2; }
    static int cells(const Geometry& g) { return g.ranks * halfFiles(g); }  // entries per phase
    static int index(const Geometry& g, Color c, int sq) {
        int rank = c == White ? g.rankOf(sq) : g.ranks - 1 - g.rankOf(sq);
        int file = std::min(g.fileOf(sq), g.files - 1 - g.fileOf(sq));
        return rank * halfFiles(g) + file;
    }
};

class BitboardTables;

struct Variant {
    std::string name;
    std::string description;
    std::string path;  // the file it was loaded from
    Geometry board;
    std::vector<PieceSpec> pieces;
    std::string startFen;
    std::vector<std::pair<std::string, std::string>> setups;  // named start positions
    Rules rules;
    std::optional<XBoardIdentity> xboard;  // none: XBoard does not know the variant
    // The evaluation's weights (engine/eval_weights.h): the defaults, or what the file's
    // "evaluation" section sets. Its "pieceValues" go into PieceSpec::value.
    EvalWeights evalWeights = defaultEvalWeights();
    // [type]: fitted square corrections (empty, or one per piece type).
    std::vector<SquareBonus> squareBonus;

    // Compiled move tables, one per piece type, built by the loader.
    std::vector<betza::CompiledPiece> tables;

    // The same moves as bitboard sets for the pieces notation/classify.h accepts
    // (engine/variant_bitboards.h), built by the loader; null for a variant built by hand.
    std::shared_ptr<const BitboardTables> bitboards;

    // What the engine derives from all of the above (engine/variant_info.h), set by conclude().
    VariantInfo info;
    // Derives `info`; the loader calls it once everything else is filled in. Throws FenError if
    // the start position's board does not read.
    void conclude();

    PieceType pieceByLetter(std::string_view letter) const;  // White's letter; kNoPieceType if none
    std::string pieceLetters() const;                        // "P N B R Q K", for messages
};

// "P", "p", "+p", "R'" -> White's spelling ("P", "P", "+P", "R'"); nullopt if malformed.
std::optional<std::string> normalizePieceLetter(std::string_view letter);

// Text quoted for a message, 'like this'; control and non-ASCII bytes are written \xNN so that a
// message stays one line.
std::string quote(std::string_view text);

// Loads and validates a variant; throws VariantError with "FILE: /json/path: what is wrong".
class VariantError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

std::shared_ptr<const Variant> loadVariantFile(const std::string& path);
std::shared_ptr<const Variant> loadVariantText(const std::string& text, const std::string& origin);
// A name ("chess") is looked up in the shipped variants directory; anything with a '/' or ending
// in ".json" is a path.
std::shared_ptr<const Variant> loadVariant(const std::string& nameOrPath);
std::vector<std::string> shippedVariantNames();
// Where shipped names are looked up: TIMUR_VARIANTS, else the variants installed with the
// executable, else the source tree it was built from.
std::string variantsDirectory();

}  // namespace timur
