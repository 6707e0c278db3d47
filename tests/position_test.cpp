// Positions: FEN in and out for every shipped variant, clear errors for malformed FENs that
// leave the position unchanged, make/unmake and hashing, game-end detection.
#include <gtest/gtest.h>

#include <random>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/rules.h"

using namespace timur;

namespace {

Position make(const std::string& variant, const std::string& fen = "") {
    Position pos(loadVariant(variant));
    pos.setFen(fen.empty() ? pos.variant().startFen : fen);
    return pos;
}

// The FenError message for `fen`, and a check that the position did not change.
std::string fenError(const std::string& variant, const std::string& fen) {
    Position pos = make(variant);
    std::string before = pos.fen();
    std::uint64_t hash = pos.hash();
    try {
        pos.setFen(fen);
    } catch (const FenError& e) {
        EXPECT_EQ(pos.fen(), before);
        EXPECT_EQ(pos.hash(), hash);
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(Fen, StartPositionsRoundTrip) {
    for (const std::string& name : shippedVariantNames()) {
        Position pos = make(name);
        Position again(pos.variantPtr());
        again.setFen(pos.fen());
        EXPECT_EQ(again.fen(), pos.fen()) << name;
        EXPECT_EQ(again.hash(), pos.hash()) << name;
    }
}

TEST(Fen, ChessStartIsStandard) {
    EXPECT_EQ(make("chess").fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

TEST(Fen, HolesMultiDigitAndHoldings) {
    Position omicron = make("omicron");
    EXPECT_EQ(omicron.fen().substr(0, 14), "w**********w/*");
    Position zh = make("crazyhouse", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1");
    PieceType q = zh.variant().pieceByLetter("Q");
    EXPECT_EQ(zh.hand(White, q), 1);
    EXPECT_EQ(zh.hand(Black, q), 1);
    Position again(zh.variantPtr());
    again.setFen(zh.fen());
    for (int t = 0; t < int(zh.variant().pieces.size()); ++t)
        for (Color c : {White, Black})
            EXPECT_EQ(again.hand(c, PieceType(t)), zh.hand(c, PieceType(t)));
    Position grand = make("grand");
    EXPECT_EQ(grand.fen(), grand.variant().startFen);
}

// A GUI's FEN may leave out the side to move and write holdings as an extra rank (Fairy-
// Stockfish); a variant file's may not (the loader reads it strictly).
TEST(Fen, GuiFormsAreAccepted) {
    Position chess = make("chess", "4k3/8/8/8/8/8/8/4K3");
    EXPECT_EQ(chess.sideToMove(), White);
    EXPECT_EQ(chess.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    Position zh = make("crazyhouse", "4k3/8/8/8/8/8/8/4K3/Qpp b - - 0 1");
    EXPECT_EQ(zh.hand(White, zh.variant().pieceByLetter("Q")), 1);
    EXPECT_EQ(zh.hand(Black, zh.variant().pieceByLetter("P")), 2);
    EXPECT_EQ(zh.fen(), "4k3/8/8/8/8/8/8/4K3[Qpp] b - - 0 1");
    const Variant& v = zh.variant();
    EXPECT_THROW(readFenBoard(v, "4k3/8/8/8/8/8/8/4K3/Qpp b - - 0 1", FenStyle::Strict), FenError);
    EXPECT_THROW(readFenBoard(v, "4k3/8/8/8/8/8/8/4K3[]", FenStyle::Strict), FenError);
    EXPECT_EQ(readFenBoard(v, "4k3/8/8/8/8/8/8/4K3[Q] b", FenStyle::Strict).side, Black);
}

TEST(Fen, PromotedMarkersSurvive) {
    Position zh = make("crazyhouse", "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1");
    EXPECT_TRUE(zh.isPromoted(0));
    EXPECT_NE(zh.fen().find("Q~"), std::string::npos);
    Position shogi = make("shogi", "4k4/9/9/9/9/9/9/9/+P3K4[] w - - 0 1");
    EXPECT_EQ(shogi.at(0), makePiece(White, shogi.variant().pieceByLetter("+P")));
}

TEST(Fen, EnPassantSquareIsKeptOnlyWhenACaptureIsPossible) {
    Position pos = make("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    EXPECT_EQ(pos.epSquare(), *pos.board().parse("d6"));
    EXPECT_NE(pos.fen().find(" d6 "), std::string::npos);
    Position noCapture = make("chess", "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2");
    EXPECT_EQ(noCapture.epSquare(), -1);
    MoveList legal;
    generateLegal(pos, legal);
    bool ep = false;
    for (const Move& m : legal)
        ep = ep || (m.kind == MoveKind::EnPassant && moveText(pos, m) == "e5d6");
    EXPECT_TRUE(ep);
}

TEST(FenErrors, SayWhatIsWrongAndChangeNothing) {
    EXPECT_NE(fenError("chess", "").find("empty"), std::string::npos);
    EXPECT_NE(fenError("chess", "8/8/8 w - - 0 1").find("the FEN has 3 ranks, the board has 8"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1")
                  .find("unknown piece 'X' in FEN rank 1"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "9/8/8/8/8/8/8/4K2k w - - 0 1")
                  .find("FEN rank 8 has more than 8 squares"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "7/8/8/8/8/8/8/4K2k w - - 0 1").find("FEN rank 8 has 7 squares"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "4k3/8/8/8/8/8/8/4K3 x - - 0 1").find("side to move"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "4k3/8/8/8/8/8/8/4K3 w Z - 0 1").find("castling letter 'Z'"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "4k3/8/8/8/8/8/8/4K3 w K - 0 1").find("without its rook"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "4k3/8/8/8/8/8/8/4K3 w - z9 0 1").find("not a square"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "4k3/8/8/8/8/8/8/4K3 w - - x 1").find("halfmove"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 7").find("unexpected field"),
              std::string::npos);
    // Holes: a piece on a hole, a '*' where there is none, an empty count running over one.
    std::string omicron = make("omicron").fen();
    EXPECT_NE(fenError("omicron", "w*********Kw" + omicron.substr(12)).find("hole"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "*7/8/8/8/8/8/8/4K2k w - - 0 1").find("not a hole"),
              std::string::npos);
    EXPECT_NE(fenError("omicron", "12" + omicron.substr(12)).find("is a hole"), std::string::npos);
    EXPECT_NE(fenError("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Y] w - - 0 1").find("holdings"),
              std::string::npos);
    EXPECT_NE(fenError("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Q w - - 0 1").find("'[...]'"),
              std::string::npos);
    EXPECT_NE(fenError("tamerlane", "*10k*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w Q - 0 1")
                  .find("rights letter 'Q'"),
              std::string::npos);
}

// The rules, not the variant's name, say whether a side needs a royal piece: under a check rule
// it can never lose its last one; capturing royals like other pieces, losing the last ends the
// game, so only the side to move may be without (and has lost); a variant without royal pieces
// needs none.
TEST(FenErrors, ASideWithoutTheRoyalPieceTheRulesNeed) {
    EXPECT_NE(fenError("chess", "8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1")
                  .find("White has no royal piece (K) on the board; the rules of chess need one"),
              std::string::npos);
    EXPECT_NE(fenError("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1").find("Black has no royal piece"),
              std::string::npos);
    // A king in hand is not on the board.
    EXPECT_NE(fenError("crazyhouse", "4k3/8/8/8/8/8/8/8[K] w - - 0 1").find("White has no royal"),
              std::string::npos);
    // Tamerlane: any of its royals will do (capture to extinction among several).
    EXPECT_NE(fenError("tamerlane", "*11*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*K10* w - - 0 1")
                  .find("Black has no royal piece (K, S, A)"),
              std::string::npos);
    EXPECT_EQ(fenError("tamerlane", "*10s*/12*/*11*/*11*/*11*/*11*/*11*/*11*/*12/*A10* w - - 0 1"),
              "no error");

    const std::string capturable = R"({"name": "capturable", "board": {"files": 8, "ranks": 8},
        "pieces": [{"name": "king", "letter": "K", "betza": "K", "royal": true},
                   {"name": "rook", "letter": "R", "betza": "R"}],
        "start": "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "rules": {"checkRule": "none"}})";
    Position pos(loadVariantText(capturable, "capturable.json"));
    pos.setFen("r7/8/8/8/8/8/8/R3K3 b - - 0 1");  // Black to move has lost its king
    MoveList legal;
    generateLegal(pos, legal);
    GameEnd end = gameEnd(pos, legal);
    EXPECT_EQ(end.result, GameResult::WhiteWins);
    EXPECT_EQ(end.reason, "royal pieces captured");
    EXPECT_THROW(pos.setFen("r7/8/8/8/8/8/8/R3K3 w - - 0 1"), FenError);  // White to move: over

    std::string noRoyal = capturable;
    const std::string royal = ", \"royal\": true";
    noRoyal.erase(noRoyal.find(royal), royal.size());
    Position free(loadVariantText(noRoyal, "free.json"));
    EXPECT_NO_THROW(free.setFen("r7/8/8/8/8/8/8/R7 w - - 0 1"));
}

TEST(MakeUnmake, RestoresEverythingAlongRandomGames) {
    std::mt19937 rng(12345);
    for (const std::string& name : shippedVariantNames()) {
        Position pos = make(name);
        std::vector<std::pair<std::string, std::uint64_t>> trail;
        std::vector<std::uint64_t> pawnTrail;
        for (int ply = 0; ply < 60; ++ply) {
            MoveList legal;
            generateLegal(pos, legal);
            if (legal.size == 0) break;
            trail.emplace_back(pos.fen(), pos.hash());
            pawnTrail.push_back(pos.pawnHash());
            Move m = legal[int(rng() % legal.size)];
            pos.makeMove(m);
            Position fresh(pos.variantPtr());
            fresh.setFen(pos.fen());
            ASSERT_EQ(fresh.fen(), pos.fen()) << name;
            EXPECT_EQ(fresh.pawnHash(), pos.pawnHash()) << name << " after " << moveText(fresh, m);
            // A FEN cannot tell a virgin piece that moved away and back; compare everything else.
            if (fresh.hash() != pos.hash()) {
                bool virginDiff = false;
                for (int sq = 0; sq < pos.board().squareCount(); ++sq)
                    virginDiff = virginDiff || fresh.isVirgin(sq) != pos.isVirgin(sq);
                EXPECT_TRUE(virginDiff) << name << " hash differs after " << moveText(fresh, m);
            }
        }
        while (!trail.empty()) {
            pos.unmakeMove();
            EXPECT_EQ(pos.fen(), trail.back().first) << name;
            EXPECT_EQ(pos.hash(), trail.back().second) << name;
            EXPECT_EQ(pos.pawnHash(), pawnTrail.back()) << name;
            trail.pop_back();
            pawnTrail.pop_back();
        }
    }
}

// The pawn hash (the evaluation's pawn cache key) follows the pawn-like pieces alone: a knight's
// move leaves it, a pawn's changes it, and so does a pawn of the other colour; in shogi a rook's
// move leaves it too, though the rook promotes.
TEST(Hash, PawnHashFollowsPawnLikePiecesOnly) {
    Position pos = make("chess");
    std::uint64_t start = pos.pawnHash();
    EXPECT_NE(start, 0u);
    pos.makeMove(parseMove(pos, "g1f3"));
    EXPECT_EQ(pos.pawnHash(), start);
    pos.makeMove(parseMove(pos, "e7e5"));
    EXPECT_NE(pos.pawnHash(), start);
    pos.unmakeMove();
    EXPECT_EQ(pos.pawnHash(), start);
    EXPECT_NE(make("chess", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1").pawnHash(),
              make("chess", "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1").pawnHash());
    EXPECT_EQ(make("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").pawnHash(), 0u);

    Position shogi = make("shogi");
    std::uint64_t shogiStart = shogi.pawnHash();
    MoveList moves;
    generateLegal(shogi, moves);
    const PieceType rook = shogi.variant().pieceByLetter("R");
    int rookMoves = 0;
    for (const Move& m : moves) {
        if (m.kind != MoveKind::Normal || typeOf(shogi.at(m.from)) != rook) continue;
        ++rookMoves;
        std::string text = moveText(shogi, m);
        shogi.makeMove(m);
        EXPECT_EQ(shogi.pawnHash(), shogiStart) << text;
        shogi.unmakeMove();
    }
    EXPECT_GT(rookMoves, 0);
}

TEST(GameEnd, CheckmateStalemateAndBareKing) {
    Position mate = make("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    MoveList legal;
    generateLegal(mate, legal);
    EXPECT_EQ(gameEnd(mate, legal).result, GameResult::WhiteWins);
    EXPECT_EQ(gameEnd(mate, legal).reason, "checkmate");
    Position stale = make("chess", "7k/8/6QK/8/8/8/8/8 b - - 0 1");
    generateLegal(stale, legal);
    EXPECT_EQ(gameEnd(stale, legal).result, GameResult::Draw);
    Position shatranjStale = make("shatranj", "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1");
    generateLegal(shatranjStale, legal);
    EXPECT_EQ(legal.size, 0);
    EXPECT_EQ(gameEnd(shatranjStale, legal).result, GameResult::WhiteWins);  // stalemate loses
    Position bare = make("shatranj", "7k/8/8/8/8/8/8/R3K3 b - - 0 1");
    generateLegal(bare, legal);
    EXPECT_EQ(gameEnd(bare, legal).reason, "bare king");
    EXPECT_EQ(gameEnd(bare, legal).result, GameResult::WhiteWins);
}

TEST(GameEnd, FiftyMovesAndRepetition) {
    Position pos = make("chess", "4k3/8/8/8/8/8/8/4K2R w - - 100 80");
    MoveList legal;
    generateLegal(pos, legal);
    EXPECT_EQ(gameEnd(pos, legal).reason, "50-move rule");
    Position rep = make("chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    for (int i = 0; i < 2; ++i)
        for (const char* t : {"h1h2", "e8d8", "h2h1", "d8e8"}) rep.makeMove(parseMove(rep, t));
    generateLegal(rep, legal);
    EXPECT_EQ(gameEnd(rep, legal).reason, "3-fold repetition");
}

TEST(Moves, TextsOfSpecialMoves) {
    Position castle = make("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_FALSE(parseMove(castle, "e1g1").isNull());
    EXPECT_FALSE(parseMove(castle, "e1c1").isNull());
    Position promo = make("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_FALSE(parseMove(promo, "a7a8q").isNull());
    EXPECT_FALSE(parseMove(promo, "a7a8n").isNull());
    EXPECT_TRUE(parseMove(promo, "a7a8").isNull());
    Position drop = make("crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    EXPECT_FALSE(parseMove(drop, "N@e4").isNull());
    Position shogi = make("shogi", "4k4/9/2P6/9/9/9/9/9/4K4[] w - - 0 1");
    EXPECT_FALSE(parseMove(shogi, "c7c8+").isNull());
    EXPECT_FALSE(parseMove(shogi, "c7c8").isNull());
    Position xq = make("xiangqi");
    EXPECT_FALSE(parseMove(xq, "h3h10").isNull());  // 1-based ranks, two digits
}

// Castling written in the king's Betza (KO2, XBoard's way) plays exactly like chess's explicit
// castling rule: the same perft from a castling-rich position.
TEST(Castling, BetzaOIsTheSameAsTheExplicitRule) {
    std::string text = R"({"inherits": "chess", "name": "chess-o",
        "pieces": [
          {"name": "pawn", "letter": "P", "betza": "fmWfceFifmnD"},
          {"name": "knight", "letter": "N", "betza": "N"},
          {"name": "bishop", "letter": "B", "betza": "B"},
          {"name": "rook", "letter": "R", "betza": "R"},
          {"name": "queen", "letter": "Q", "betza": "Q"},
          {"name": "king", "letter": "K", "betza": "KO2", "royal": true}],
        "rules": {"castling": null}})";
    auto o = loadVariantText(text, std::string(TIMUR_SOURCE_DIR) + "/variants/chess-o.json");
    ASSERT_TRUE(o->rules.castling.has_value());
    const char* kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    Position a(o), b(loadVariant("chess"));
    a.setFen(kiwipete);
    b.setFen(kiwipete);
    EXPECT_EQ(perft(a, 3), perft(b, 3));
    EXPECT_EQ(perft(a, 3), 97862u);
    EXPECT_EQ(a.fen(), kiwipete);
}

// A Bex promotion list (=Q,R,B,N) is a promotion on the last rank to those pieces.
TEST(Promotion, BexPromotionListBecomesARule) {
    std::string text = R"({"inherits": "chess", "name": "chess-bex-pawn",
        "pieces": [
          {"name": "pawn", "letter": "P", "betza": "imfW2+mfW+cfF=Q,R,B,N", "notation": "bex"},
          {"name": "knight", "letter": "N", "betza": "N"},
          {"name": "bishop", "letter": "B", "betza": "B"},
          {"name": "rook", "letter": "R", "betza": "R"},
          {"name": "queen", "letter": "Q", "betza": "Q"},
          {"name": "king", "letter": "K", "betza": "K", "royal": true}],
        "rules": {"promotion": []}})";
    auto v = loadVariantText(text, std::string(TIMUR_SOURCE_DIR) + "/variants/bex-pawn.json");
    Position pos(v);
    pos.setFen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_FALSE(parseMove(pos, "a7a8q").isNull());
    EXPECT_FALSE(parseMove(pos, "a7a8n").isNull());
    EXPECT_TRUE(parseMove(pos, "a7a8").isNull());
    pos.setFen(v->startFen);
    EXPECT_EQ(perft(pos, 3), 8902u);
}

// Nothing a Betza string says is silently dropped: what the generator cannot do is an error.
// A move keeps one extra square: an unloading piece (u) cannot also be relocated on promotion.
TEST(Promotion, UnloadAndRelocationDoNotCombine) {
    std::string text = R"({"inherits": "chess", "name": "chess-unload",
        "pieces": [
          {"name": "pawn", "letter": "P", "betza": "fmWfceFifmnDucF"},
          {"name": "knight", "letter": "N", "betza": "N"},
          {"name": "bishop", "letter": "B", "betza": "B"},
          {"name": "rook", "letter": "R", "betza": "ucR"},
          {"name": "queen", "letter": "Q", "betza": "Q"},
          {"name": "king", "letter": "K", "betza": "K", "royal": true}],
        "rules": {"promotion": [{"pieces": ["P"], "choices": ["Q"], "relocateTo": "Q"}]}})";
    try {
        loadVariantText(text, "unload.json");
        ADD_FAILURE() << "an unloading pawn that relocates loaded";
    } catch (const VariantError& e) {
        EXPECT_NE(std::string(e.what()).find("unload.json: /pieces/0/betza: a piece with an "
                                             "unloading move (u) cannot be relocated"),
                  std::string::npos)
            << e.what();
    }
    // Without the relocation it loads, and the rook swaps places (a1a4u).
    std::string plain = text.substr(0, text.find(R"(,
        "rules")")) + "}";
    auto v = loadVariantText(plain, "unload.json");
    Position pos(v);
    pos.setFen("4k3/8/8/8/n7/8/8/R3K3 w - - 0 1");
    EXPECT_FALSE(parseMove(pos, "a1a4u").isNull());
}

// Xiangqi: repeating by checking every move loses for the checker, not a draw.
TEST(GameEnd, PerpetualCheckLosesInXiangqi) {
    // Red chariot checks the black general from the side, the general steps back and forth.
    Position pos = make("xiangqi", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    pos.makeMove(parseMove(pos, "a1a10"));
    pos.makeMove(parseMove(pos, "e10e9"));
    const char* cycle[] = {"a10a9", "e9e10", "a9a10", "e10e9"};
    for (int i = 0; i < 3; ++i)
        for (const char* t : cycle) {
            Move m = parseMove(pos, t);
            ASSERT_FALSE(m.isNull()) << t << " in " << pos.fen();
            pos.makeMove(m);
        }
    MoveList legal;
    generateLegal(pos, legal);
    GameEnd end = gameEnd(pos, legal);
    EXPECT_TRUE(end.over());
    EXPECT_EQ(end.result, GameResult::BlackWins) << end.reason;
    EXPECT_NE(end.reason.find("perpetual check"), std::string::npos) << end.reason;
}

// A forced single promotion is written without a letter, but the spelling other engines use
// (shatranj f7f8q) is accepted as the same move.
TEST(Moves, ForcedPromotionAcceptsTheLetterToo) {
    Position pos = make("shatranj", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    Move plain = parseMove(pos, "a7a8");
    EXPECT_FALSE(plain.isNull());
    EXPECT_EQ(parseMove(pos, "a7a8q"), plain);
    EXPECT_TRUE(parseMove(pos, "a7a8r").isNull());
}
