// The variant files and their loader: every shipped variant loads with the expected board, pieces
// and rules; every kind of malformed input gives a VariantError naming the JSON pointer and the
// problem; regions and their rotation for Black; loading by name and by path.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "engine/variant.h"

namespace timur {
namespace {

using nlohmann::json;

const std::string kVariantsDir = std::string(TIMUR_SOURCE_DIR) + "/variants";

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::shared_ptr<const Variant> shipped(const std::string& name) {
    return loadVariantFile(kVariantsDir + "/" + name + ".json");
}

SquareSet squares(const Geometry& g, std::initializer_list<const char*> names) {
    SquareSet s;
    for (const char* n : names) s.set(*g.parse(n));
    return s;
}

// ---------------------------------------------------------------------------------------------
// Shipped variants

const std::vector<std::string> kMine = {"capablanca", "chess",       "courier", "crazyhouse",
                                        "grand",      "grasshopper", "makruk",  "nightrider",
                                        "omicron",    "shatranj",    "shogi",   "xiangqi"};

TEST(ShippedVariants, AllLoadWithTablesAndAreListed) {
    auto names = shippedVariantNames();
    EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
    EXPECT_EQ(std::count(names.begin(), names.end(), "schema"), 0);
    for (const auto& name : kMine) {
        SCOPED_TRACE(name);
        EXPECT_NE(std::find(names.begin(), names.end(), name), names.end());
        std::shared_ptr<const Variant> v;
        ASSERT_NO_THROW(v = shipped(name));
        EXPECT_EQ(v->name, name);
        EXPECT_FALSE(v->description.empty());
        EXPECT_EQ(v->tables.size(), v->pieces.size());
        EXPECT_EQ(
            std::count_if(v->pieces.begin(), v->pieces.end(), [](auto& p) { return p.royal; }), 1);
        for (std::size_t i = 0; i < v->pieces.size(); ++i)
            EXPECT_EQ(v->pieceByLetter(v->pieces[i].letter), PieceType(i));
    }
}

TEST(ShippedVariants, EveryShippedFileLoadsByName) {
    for (const auto& name : shippedVariantNames()) {
        SCOPED_TRACE(name);
        EXPECT_NO_THROW(loadVariant(name));
    }
}

TEST(ShippedVariants, BoardsAndPieceCounts) {
    struct Expect {
        const char* name;
        int files, ranks, pieces, holes;
    };
    for (const Expect& e : std::vector<Expect>{{"chess", 8, 8, 6, 0},
                                               {"shatranj", 8, 8, 6, 0},
                                               {"courier", 12, 8, 9, 0},
                                               {"makruk", 8, 8, 6, 0},
                                               {"capablanca", 10, 8, 8, 0},
                                               {"grand", 10, 10, 8, 0},
                                               {"nightrider", 8, 8, 6, 0},
                                               {"grasshopper", 8, 8, 7, 0},
                                               {"omicron", 12, 10, 8, 36},
                                               {"xiangqi", 9, 10, 7, 0},
                                               {"shogi", 9, 9, 14, 0},
                                               {"crazyhouse", 8, 8, 6, 0}}) {
        SCOPED_TRACE(e.name);
        auto v = shipped(e.name);
        EXPECT_EQ(v->board.files, e.files);
        EXPECT_EQ(v->board.ranks, e.ranks);
        EXPECT_EQ(int(v->pieces.size()), e.pieces);
        EXPECT_EQ(int(v->board.holes.count()), e.holes);
    }
}

TEST(ShippedVariants, Chess) {
    auto v = shipped("chess");
    const Rules& r = v->rules;
    PieceType P = v->pieceByLetter("P"), K = v->pieceByLetter("K"), R = v->pieceByLetter("R");
    ASSERT_TRUE(r.castling);
    EXPECT_EQ(r.castling->king, K);
    EXPECT_EQ(r.castling->rook, R);
    EXPECT_EQ(r.castling->rank, 0);
    EXPECT_EQ(r.castling->kingsideKingFile, 6);
    EXPECT_EQ(r.castling->kingsideRookFile, 5);
    EXPECT_EQ(r.castling->queensideKingFile, 2);
    EXPECT_EQ(r.castling->queensideRookFile, 3);
    ASSERT_EQ(r.promotions.size(), 1u);
    EXPECT_EQ(r.promotions[0].pieces, std::vector<PieceType>{P});
    EXPECT_EQ(r.promotions[0].choices.size(), 4u);
    EXPECT_TRUE(r.promotions[0].mandatory);
    EXPECT_EQ(r.promotions[0].zone.of[White],
              squares(v->board, {"a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"}));
    EXPECT_EQ(r.promotions[0].zone.of[Black],
              squares(v->board, {"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"}));
    EXPECT_EQ(r.nMoveRule, 50);
    EXPECT_EQ(r.repetitionCount, 3);
    EXPECT_EQ(r.repetition, Outcome::Draw);
    EXPECT_EQ(r.stalemate, Outcome::Draw);
    EXPECT_EQ(r.checkRule, CheckRule::AnyRoyal);
    EXPECT_FALSE(r.drops);
    EXPECT_TRUE(v->pieces[P].enPassantVictim);
    EXPECT_FALSE(v->pieces[v->pieceByLetter("N")].enPassantVictim);
    EXPECT_TRUE(v->pieces[K].royal);
    EXPECT_EQ(v->startFen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

// The loader concludes the variant: its derived data is filled in, from the start board on.
TEST(ShippedVariants, DerivedDataIsConcluded) {
    auto v = shipped("chess");
    const VariantInfo& info = v->info;
    PieceType P = v->pieceByLetter("P"), K = v->pieceByLetter("K");
    EXPECT_EQ(info.typeCount, 6);
    EXPECT_EQ(info.royalTypes, std::vector<PieceType>{K});
    EXPECT_EQ(info.startBoard[*v->board.parse("e1")], makePiece(White, K));
    EXPECT_EQ(info.startBoard[*v->board.parse("d7")], makePiece(Black, P));
    EXPECT_EQ(info.startBoard[*v->board.parse("e4")], kNoPiece);
    EXPECT_TRUE(info.hasInitialMoves[P]);
    EXPECT_TRUE(info.resetsClock[P]);
    EXPECT_FALSE(info.forcedPromotion[P]);
    EXPECT_EQ(info.pieceText(makePiece(Black, K), true), "k~");
    // Tamerlane's pawn of pawns relocates to where the pawn of kings starts.
    auto t = shipped("tamerlane");
    ASSERT_FALSE(t->info.relocation.empty());
    bool relocates = false;
    for (const auto& where : t->info.relocation)
        if (where[White] >= 0) {
            relocates = true;
            EXPECT_EQ(typeOf(t->info.startBoard[where[White]]),
                      t->pieceByLetter("K'"));  // the pawn of kings
        }
    EXPECT_TRUE(relocates);
}

TEST(ShippedVariants, ShatranjAndCourierBareKing) {
    for (const char* name : {"shatranj", "courier"}) {
        SCOPED_TRACE(name);
        auto v = shipped(name);
        const Rules& r = v->rules;
        EXPECT_EQ(r.stalemate, Outcome::Loss);
        ASSERT_TRUE(r.bareRoyal);
        EXPECT_EQ(*r.bareRoyal, Outcome::Loss);
        EXPECT_TRUE(r.bareRoyalReply);
        EXPECT_FALSE(r.castling);
        EXPECT_FALSE(v->pieces[v->pieceByLetter("P")].enPassantVictim);
        ASSERT_EQ(r.promotions.size(), 1u);
        ASSERT_EQ(r.promotions[0].choices.size(), 1u);
    }
    auto s = shipped("shatranj");
    EXPECT_EQ(s->rules.nMoveRule, 70);
    EXPECT_EQ(s->rules.promotions[0].choices[0], s->pieceByLetter("Q"));
    auto c = shipped("courier");
    EXPECT_EQ(c->rules.nMoveRule, 50);
    EXPECT_EQ(c->rules.promotions[0].choices[0], c->pieceByLetter("F"));
    EXPECT_FALSE(c->pieces[c->pieceByLetter("M")].royal);
}

TEST(ShippedVariants, MakrukPromotionZoneTurnsForBlack) {
    auto v = shipped("makruk");
    const auto& zone = v->rules.promotions[0].zone;
    EXPECT_EQ(zone.of[White].count(), 24u);
    EXPECT_TRUE(zone.of[White][*v->board.parse("a6")]);
    EXPECT_FALSE(zone.of[White][*v->board.parse("h5")]);
    EXPECT_TRUE(zone.of[Black][*v->board.parse("h3")]);
    EXPECT_FALSE(zone.of[Black][*v->board.parse("a4")]);
    EXPECT_EQ(v->rules.promotions[0].choices, std::vector<PieceType>{v->pieceByLetter("M")});
    EXPECT_EQ(v->rules.nMoveRule, 0);
}

TEST(ShippedVariants, CapablancaCastlingAndSetups) {
    auto v = shipped("capablanca");
    ASSERT_TRUE(v->rules.castling);
    EXPECT_EQ(v->rules.castling->kingsideKingFile, 8);
    EXPECT_EQ(v->rules.castling->kingsideRookFile, 7);
    EXPECT_EQ(v->rules.castling->queensideKingFile, 2);
    EXPECT_EQ(v->rules.castling->queensideRookFile, 3);
    ASSERT_EQ(v->setups.size(), 1u);
    EXPECT_EQ(v->setups[0].first, "gothic");
    EXPECT_EQ(v->rules.promotions[0].choices.size(), 6u);
}

TEST(ShippedVariants, GrandOptionalLimitedPromotion) {
    auto v = shipped("grand");
    const auto& p = v->rules.promotions.at(0);
    EXPECT_FALSE(p.mandatory);
    EXPECT_TRUE(v->rules.immobileIllegal);
    EXPECT_FALSE(v->rules.castling);
    EXPECT_EQ(p.zone.of[White].count(), 30u);
    EXPECT_TRUE(p.zone.of[Black][*v->board.parse("j3")]);
    EXPECT_EQ(p.limit.size(), 6u);
    EXPECT_EQ(p.limit.at(v->pieceByLetter("Q")), 1);
    EXPECT_EQ(p.limit.at(v->pieceByLetter("N")), 2);
    EXPECT_TRUE(v->pieces[v->pieceByLetter("P")].enPassantVictim);
}

TEST(ShippedVariants, OmicronHolesAndCastlingOnRankTwo) {
    auto v = shipped("omicron");
    const Geometry& g = v->board;
    EXPECT_TRUE(g.holes[*g.parse("b1")]);
    EXPECT_TRUE(g.holes[*g.parse("l2")]);
    EXPECT_FALSE(g.holes[*g.parse("a1")]);
    EXPECT_FALSE(g.holes[*g.parse("l10")]);
    EXPECT_TRUE(g.holes[*g.parse("a5")]);
    EXPECT_FALSE(g.holes[*g.parse("b5")]);
    ASSERT_TRUE(v->rules.castling);
    EXPECT_EQ(v->rules.castling->rank, 1);
    EXPECT_EQ(v->rules.castling->kingsideKingFile, 8);
    EXPECT_EQ(v->rules.castling->kingsideRookFile, 7);
    EXPECT_EQ(v->rules.castling->queensideKingFile, 4);
    EXPECT_EQ(v->rules.castling->queensideRookFile, 5);
    EXPECT_EQ(v->pieces[v->pieceByLetter("C")].betza, "DAW");
    EXPECT_EQ(v->pieces[v->pieceByLetter("W")].betza, "CF");
}

TEST(ShippedVariants, XiangqiRegions) {
    auto v = shipped("xiangqi");
    const Geometry& g = v->board;
    const auto& advisor = v->pieces[v->pieceByLetter("A")];
    const auto& general = v->pieces[v->pieceByLetter("K")];
    const auto& elephant = v->pieces[v->pieceByLetter("B")];
    const auto& soldier = v->pieces[v->pieceByLetter("P")];
    SquareSet palaceW = squares(g, {"d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"});
    SquareSet palaceB = squares(g, {"d8", "e8", "f8", "d9", "e9", "f9", "d10", "e10", "f10"});
    EXPECT_EQ(advisor.confinement.of[White], palaceW);
    EXPECT_EQ(advisor.confinement.of[Black], palaceB);
    EXPECT_EQ(general.confinement.of[Black], palaceB);
    EXPECT_TRUE(general.royal);
    EXPECT_EQ(elephant.confinement.of[White].count(), 45u);
    EXPECT_TRUE(elephant.confinement.of[Black][*g.parse("a6")]);
    EXPECT_FALSE(elephant.confinement.of[Black][*g.parse("a5")]);
    ASSERT_EQ(soldier.zoneMoves.size(), 1u);
    EXPECT_EQ(soldier.zoneMoves[0].betza, "fsW");
    EXPECT_TRUE(soldier.zoneMoves[0].zone.of[White][*g.parse("e6")]);
    EXPECT_FALSE(soldier.zoneMoves[0].zone.of[White][*g.parse("e5")]);
    EXPECT_TRUE(soldier.zoneMoves[0].zone.of[Black][*g.parse("e5")]);
    EXPECT_FALSE(soldier.zoneMoves[0].zone.of[Black][*g.parse("e6")]);
    EXPECT_TRUE(v->rules.flyingRoyals);
    EXPECT_TRUE(v->rules.perpetualCheckLoses);
    EXPECT_EQ(v->rules.stalemate, Outcome::Loss);
    EXPECT_TRUE(v->rules.promotions.empty());
}

TEST(ShippedVariants, ShogiPromotionAndDrops) {
    auto v = shipped("shogi");
    const Rules& r = v->rules;
    PieceType P = v->pieceByLetter("P"), tokin = v->pieceByLetter("+P");
    ASSERT_NE(tokin, kNoPieceType);
    EXPECT_EQ(v->pieceByLetter("+p"), tokin);
    EXPECT_EQ(v->pieces[P].promotesTo, tokin);
    EXPECT_EQ(v->pieces[tokin].demotesTo, P);
    EXPECT_EQ(v->pieces[v->pieceByLetter("+R")].demotesTo, v->pieceByLetter("R"));
    EXPECT_EQ(v->pieces[v->pieceByLetter("G")].promotesTo, kNoPieceType);
    EXPECT_EQ(v->pieces[v->pieceByLetter("G")].demotesTo, kNoPieceType);
    EXPECT_TRUE(r.drops);
    EXPECT_TRUE(r.capturesToHand);
    EXPECT_TRUE(r.immobileIllegal);
    EXPECT_EQ(r.dropMateIllegal, std::vector<PieceType>{P});
    ASSERT_EQ(r.promotions.size(), 1u);
    EXPECT_TRUE(r.promotions[0].choices.empty());
    EXPECT_FALSE(r.promotions[0].mandatory);
    EXPECT_TRUE(r.promotions[0].fromZoneToo);
    EXPECT_EQ(r.promotions[0].pieces.size(), 6u);
    EXPECT_EQ(r.repetitionCount, 4);
    EXPECT_TRUE(r.perpetualCheckLoses);
    EXPECT_EQ(r.stalemate, Outcome::Loss);
    EXPECT_EQ(r.nMoveRule, 0);
    const auto& pawnDrop = v->pieces[P].moves.drop;
    ASSERT_TRUE(pawnDrop);
    EXPECT_EQ(pawnDrop->depth, 8);
    EXPECT_EQ(pawnDrop->maxPerFile, 1);
    ASSERT_TRUE(v->pieces[v->pieceByLetter("N")].moves.drop);
    EXPECT_EQ(v->pieces[v->pieceByLetter("N")].moves.drop->depth, 7);
    EXPECT_FALSE(v->pieces[tokin].moves.drop);
    EXPECT_FALSE(v->pieces[v->pieceByLetter("K")].moves.drop);
}

TEST(ShippedVariants, CrazyhouseDrops) {
    auto v = shipped("crazyhouse");
    EXPECT_TRUE(v->rules.drops);
    EXPECT_TRUE(v->rules.capturesToHand);
    EXPECT_TRUE(v->rules.castling);
    const auto& pawnDrop = v->pieces[v->pieceByLetter("P")].moves.drop;
    ASSERT_TRUE(pawnDrop);
    EXPECT_EQ(pawnDrop->depth, 7);
    EXPECT_TRUE(pawnDrop->notOnFirstRank);
    ASSERT_TRUE(v->pieces[v->pieceByLetter("Q")].moves.drop);
    EXPECT_EQ(v->pieces[v->pieceByLetter("Q")].moves.drop->depth, 8);
    EXPECT_FALSE(v->pieces[v->pieceByLetter("K")].moves.drop);
}

TEST(ShippedVariants, SchemaDocumentsEveryKeyTheLoaderAccepts) {
    json schema = json::parse(readFile(kVariantsDir + "/schema.json"));
    EXPECT_EQ(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
    for (const char* key : {"name", "description", "board", "pieces", "start", "setups", "rules"})
        EXPECT_TRUE(schema["properties"][key].contains("description")) << key;
    for (const char* key :
         {"promotion", "castling", "drops", "capturesToHand", "dropMateIllegal", "immobileIllegal",
          "checkRule", "flyingRoyals", "checkmate", "stalemate", "bareRoyal", "bareRoyalReply",
          "nMoveRule", "repetition", "perpetualCheckLoses", "pass", "facingRoyals"})
        EXPECT_TRUE(schema["properties"]["rules"]["properties"][key].contains("description"))
            << key;
    for (const char* key :
         {"name", "letter", "betza", "notation", "royal", "value", "promotesTo", "zoneMoves",
          "confinement", "enPassantVictim", "movesWithin", "mayNotCapture", "mayNotPassOver"})
        EXPECT_TRUE(schema["$defs"]["piece"]["properties"][key].contains("description")) << key;
}

// ---------------------------------------------------------------------------------------------
// Loading by name and by path

TEST(Loading, ByPathAndByName) {
    std::string path = kVariantsDir + "/chess.json";
    auto byPath = loadVariant(path);
    EXPECT_EQ(byPath->name, "chess");
    EXPECT_EQ(byPath->path, path);
    auto byName = loadVariant("chess");
    EXPECT_EQ(byName->name, "chess");
    EXPECT_EQ(byName->pieces.size(), byPath->pieces.size());

    // A file outside the shipped directory, named by path (".json" or a '/').
    auto dir = std::filesystem::temp_directory_path() / "timur_variant_loader_test";
    std::filesystem::create_directories(dir);
    std::string text = readFile(path);
    json j = json::parse(text);
    j["name"] = "mychess";
    std::ofstream(dir / "mychess.json") << j.dump(2);
    EXPECT_EQ(loadVariant((dir / "mychess.json").string())->name, "mychess");
    EXPECT_EQ(loadVariantFile((dir / "mychess.json").string())->name, "mychess");

    // TIMUR_VARIANTS points name lookup elsewhere.
    const char* old = std::getenv("TIMUR_VARIANTS");
    std::string saved = old ? old : "";
    setenv("TIMUR_VARIANTS", dir.c_str(), 1);
    EXPECT_EQ(variantsDirectory(), dir.string());
    EXPECT_EQ(loadVariant("mychess")->name, "mychess");
    EXPECT_EQ(shippedVariantNames(), std::vector<std::string>{"mychess"});
    if (old)
        setenv("TIMUR_VARIANTS", saved.c_str(), 1);
    else
        unsetenv("TIMUR_VARIANTS");
    std::filesystem::remove_all(dir);
}

TEST(Loading, MissingFiles) {
    try {
        loadVariant("no_such_variant");
        FAIL();
    } catch (const VariantError& e) {
        EXPECT_NE(std::string(e.what()).find("unknown variant"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("chess"), std::string::npos) << e.what();
    }
    EXPECT_THROW(loadVariant("/nonexistent/dir/x.json"), VariantError);
    EXPECT_THROW(loadVariant("missing.json"), VariantError);
    EXPECT_THROW(loadVariantFile(kVariantsDir), VariantError);  // a directory
}

// ---------------------------------------------------------------------------------------------
// Malformed input

json base() {
    return json::parse(R"({
      "name": "test",
      "board": { "files": 8, "ranks": 8 },
      "pieces": [
        { "name": "pawn", "letter": "P", "betza": "fmWfcF" },
        { "name": "king", "letter": "K", "betza": "K", "royal": true },
        { "name": "queen", "letter": "Q", "betza": "Q" }
      ],
      "start": "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
      "rules": {
        "promotion": [ { "pieces": ["P"], "choices": ["Q"] } ]
      }
    })");
}

// Loads `text` and expects a VariantError whose message starts with "origin: " and contains
// every one of `parts`.
void expectTextError(const std::string& text, std::initializer_list<std::string> parts) {
    try {
        loadVariantText(text, "x.json");
        ADD_FAILURE() << "no error for " << text;
    } catch (const VariantError& e) {
        std::string what = e.what();
        EXPECT_EQ(what.rfind("x.json: ", 0), 0u) << what;
        for (const auto& part : parts) EXPECT_NE(what.find(part), std::string::npos) << what;
    } catch (const std::exception& e) {
        ADD_FAILURE() << "not a VariantError: " << e.what();
    }
}
void expectError(const json& j, std::initializer_list<std::string> parts) {
    expectTextError(j.dump(), parts);
}

TEST(LoaderErrors, BaseIsValid) {
    EXPECT_NO_THROW(loadVariantText(base().dump(), "x.json"));
}

TEST(LoaderErrors, Evaluation) {
    json j = base();
    j["evaluation"] = {{"weights", {{"mobilityMg", 120}}}, {"pieceValues", {{"P", 90}}}};
    auto v = loadVariantText(j.dump(), "x.json");
    EXPECT_EQ(v->evalWeights[kWMobilityMg], 120);
    EXPECT_EQ(v->evalWeights[kWTempo], kEvalWeightInfo[kWTempo].value);
    EXPECT_EQ(v->pieces[v->pieceByLetter("P")].value, 90);
    j["evaluation"] = {{"weights", {{"mobilityMG", 120}}}};
    expectError(j, {"x.json: /evaluation/weights/mobilityMG: unknown key 'mobilityMG' (did you "
                    "mean 'mobilityMg'?)"});
    j["evaluation"] = {{"weights", {{"tempo", "high"}}}};
    expectError(j, {"/evaluation/weights/tempo: expected an integer"});
    j["evaluation"] = {{"pieceValues", {{"Z", 300}}}};
    expectError(j, {"/evaluation/pieceValues/Z: no piece has the letter 'Z'"});
    j["evaluation"] = {{"values", {}}};
    expectError(j, {"/evaluation/values: unknown key 'values'"});
}

// "squares": a table per piece, a row per rank from the owner's side and a value per file from
// the edge inwards (8x8: 8 rows of 4); both colours and both wings read one entry.
TEST(LoaderErrors, EvaluationSquares) {
    json j = base();
    json rows = json::array();
    for (int r = 0; r < 8; ++r) rows.push_back({r, 10 * r, 0, -r});
    j["evaluation"] = {{"squares", {{"Q", {{"mg", rows}}}}}};
    auto v = loadVariantText(j.dump(), "x.json");
    PieceType q = v->pieceByLetter("Q");
    ASSERT_EQ(v->squareBonus.size(), v->pieces.size());
    const SquareBonus& b = v->squareBonus[q];
    const Geometry& g = v->board;
    EXPECT_EQ(b.mg[SquareBonus::index(g, White, g.square(1, 2))], 20);  // b3
    EXPECT_EQ(b.mg[SquareBonus::index(g, White, g.square(6, 2))], 20);  // g3
    EXPECT_EQ(b.mg[SquareBonus::index(g, Black, g.square(1, 5))], 20);  // b6
    EXPECT_EQ(b.mg[SquareBonus::index(g, Black, g.square(4, 0))], -7);  // e1, Black's 8th rank
    EXPECT_EQ(b.eg[SquareBonus::index(g, White, g.square(1, 2))], 0);   // not given: 0
    EXPECT_TRUE(v->squareBonus[v->pieceByLetter("P")].mg.empty());

    j["evaluation"] = {{"squares", {{"Z", {{"mg", rows}}}}}};
    expectError(j, {"/evaluation/squares/Z: no piece has the letter 'Z'"});
    j["evaluation"] = {{"squares", {{"Q", {{"mid", rows}}}}}};
    expectError(j, {"/evaluation/squares/Q/mid: unknown key 'mid'"});
    json shortRows = rows;
    shortRows.erase(7);
    j["evaluation"] = {{"squares", {{"Q", {{"eg", shortRows}}}}}};
    expectError(j, {"/evaluation/squares/Q/eg: expected 8 rows", "found 7 rows"});
    json wideRows = rows;
    wideRows[3].push_back(1);
    j["evaluation"] = {{"squares", {{"Q", {{"mg", wideRows}}}}}};
    expectError(j, {"/evaluation/squares/Q/mg/3: expected 8 rows", "found a row of 5 values"});
    json badValue = rows;
    badValue[2][1] = "x";
    j["evaluation"] = {{"squares", {{"Q", {{"mg", badValue}}}}}};
    expectError(j, {"/evaluation/squares/Q/mg/2/1: expected an integer"});
}

TEST(LoaderErrors, MalformedJson) {
    expectTextError("{\"name\": }", {"x.json: invalid JSON at line 1 column 10: "});
    expectTextError("{\n  \"name\": \"t\",\n  \"board\": [1,,]\n}",
                    {"invalid JSON at line 3 column"});
    expectTextError("", {"invalid JSON at line 1 column 1"});
    expectTextError("{\"name\": \"t\"} trailing", {"invalid JSON"});
}

TEST(LoaderErrors, DuplicateKey) {
    expectTextError(R"({"name": "a", "board": {"files": 8, "files": 9}})",
                    {"x.json: /board/files: duplicate key"});
    expectTextError(R"({"pieces": [{}, {"letter": "P", "letter": "Q"}]})",
                    {"/pieces/1/letter: duplicate key"});
}

TEST(LoaderErrors, RootAndTopLevel) {
    expectTextError("[1, 2]", {"x.json: /: expected an object, got an array"});
    json j = base();
    j["nmae"] = "x";
    expectError(j, {"x.json: /nmae: unknown key 'nmae' (did you mean 'name'?)"});
    j = base();
    j.erase("name");
    expectError(j, {"/: missing required key 'name'"});
    j = base();
    j["name"] = 5;
    expectError(j, {"/name: expected a string, got an integer"});
    j = base();
    j["name"] = "";
    expectError(j, {"/name: must not be empty"});
    j = base();
    j["zzzzzzzz"] = 1;
    expectError(j, {"/zzzzzzzz: unknown key 'zzzzzzzz' (expected one of:"});
}

TEST(LoaderErrors, Board) {
    json j = base();
    j["board"]["files"] = 17;
    expectError(j, {"/board/files: must be between 1 and 16, got 17"});
    j = base();
    j["board"]["ranks"] = 0;
    expectError(j, {"/board/ranks: must be between 1 and 16, got 0"});
    j = base();
    j["board"]["files"] = 8.5;
    expectError(j, {"/board/files: expected an integer, got a number with a fraction"});
    j = base();
    j["board"]["holes"] = {"a1", "i1"};
    expectError(j, {"/board/holes/1: bad region item 'i1': 'i1' is not a square of the 8x8 board"});
    j = base();
    j["board"]["holes"] = {"c3-c4", "c3"};
    expectError(j, {"/board/holes/1: 'c3' repeats a hole listed before"});
    j = base();
    j["board"]["holes"] = {"*9"};
    expectError(j, {"/board/holes/0: bad region item '*9': the 8x8 board has no rank 9"});
    j = base();
    j["board"]["size"] = 8;
    expectError(j, {"/board/size: unknown key 'size'"});
    j = base();
    j["board"] = "8x8";
    expectError(j, {"/board: expected an object, got a string"});
}

TEST(LoaderErrors, Pieces) {
    json j = base();
    j["pieces"] = json::array();
    expectError(j, {"/pieces: a variant needs at least one piece"});
    j = base();
    j["pieces"][0]["colour"] = "white";
    expectError(j, {"/pieces/0/colour: unknown key 'colour'"});
    j = base();
    j["pieces"][0]["letter"] = "PP";
    expectError(j, {"/pieces/0/letter: malformed letter 'PP'"});
    j = base();
    j["pieces"][0]["letter"] = "1";
    expectError(j, {"/pieces/0/letter: malformed letter '1'"});
    j = base();
    j["pieces"][2]["letter"] = "k";
    expectError(j, {"/pieces/2/letter: letter 'K' is already used by /pieces/1 (king)"});
    j = base();
    j["pieces"][0]["notation"] = "xboard";
    expectError(j, {"/pieces/0/notation: unknown notation 'xboard'"});
    j = base();
    j["pieces"][1]["royal"] = "yes";
    expectError(j, {"/pieces/1/royal: expected true or false, got a string"});
    j = base();
    j["pieces"][2]["value"] = "900";
    expectError(j, {"/pieces/2/value: expected an integer"});
    j = base();
    j["pieces"][0].erase("betza");
    expectError(j, {"/pieces/0: missing required key 'betza'"});
}

TEST(LoaderErrors, BetzaWithColumn) {
    json j = base();
    j["pieces"][0]["betza"] = "fmWfcF!";
    expectError(j, {"x.json: /pieces/0/betza: ", " at column 7"});
    j = base();
    j["pieces"][2]["betza"] = "Q?";
    expectError(j, {"/pieces/2/betza: ", " at column 2"});
    j = base();
    j["pieces"][0]["zoneMoves"] = {{{"zone", {"*5"}}, {"betza", "fsW%"}}};
    expectError(j, {"/pieces/0/zoneMoves/0/betza: ", " at column 4"});
}

TEST(LoaderErrors, PromotesTo) {
    json j = base();
    j["pieces"][0]["promotesTo"] = "X";
    expectError(j, {"/pieces/0/promotesTo: unknown piece letter 'X' (the pieces are P K Q)"});
    j = base();
    j["pieces"][2]["promotesTo"] = "Q";
    expectError(j, {"/pieces/2/promotesTo: a piece cannot promote to itself"});
    j = base();
    j["pieces"][0]["promotesTo"] = "Q";
    j["pieces"][1]["promotesTo"] = "Q";
    expectError(j, {"/pieces/1/promotesTo: 'Q' is already the promotion of 'P'"});
}

TEST(LoaderErrors, Regions) {
    json j = base();
    j["pieces"][1]["confinement"] = {"d1-z3"};
    expectError(j, {"/pieces/1/confinement/0: bad region item 'd1-z3'"});
    j = base();
    j["pieces"][1]["confinement"] = {"d1", "*9"};
    expectError(j, {"/pieces/1/confinement/1: bad region item '*9': the 8x8 board has no rank 9"});
    j = base();
    j["pieces"][1]["confinement"] = {"q*"};
    expectError(j, {"/pieces/1/confinement/0: bad region item 'q*': the 8x8 board has no file q"});
    j = base();
    j["pieces"][1]["confinement"] = {"d1-f3-h5"};
    expectError(j, {"/pieces/1/confinement/0: bad region item 'd1-f3-h5'"});
    j = base();
    j["pieces"][1]["confinement"] = {"*"};
    expectError(j, {"/pieces/1/confinement/0: bad region item '*'"});
    j = base();
    j["pieces"][1]["confinement"] = json::array();
    expectError(j, {"/pieces/1/confinement: a region may not be empty"});
    j = base();
    j["pieces"][1]["confinement"] = {{"white", {"d1"}}};
    expectError(j, {"/pieces/1/confinement: missing required key 'black'"});
    j = base();
    j["pieces"][1]["confinement"] = "d1";
    expectError(j, {"/pieces/1/confinement: a region must be a list"});
    j = base();
    j["rules"]["promotion"][0]["zone"] = {"a9"};
    expectError(j, {"/rules/promotion/0/zone/0: bad region item 'a9': 'a9' is not a square"});
}

TEST(LoaderErrors, Fen) {
    json j = base();
    j["start"] = "8/8/8/8/8/8/8 w - - 0 1";
    expectError(j, {"/start: the FEN has 7 ranks, the board has 8"});
    j = base();
    j["start"] = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4Kx2 w - - 0 1";
    expectError(j, {"/start: unknown piece 'x' in FEN rank 1"});
    j = base();
    j["start"] = "4k3/ppppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
    expectError(j, {"/start: FEN rank 7 has more than 8 squares"});
    j = base();
    j["start"] = "4k3/ppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
    expectError(j, {"/start: FEN rank 7 has 7 squares, the board has 8 files"});
    j = base();
    j["start"] = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 x - - 0 1";
    expectError(j, {"/start: the side to move must be 'w' or 'b', got 'x'"});
    j = base();
    j["start"] = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[Z] w - - 0 1";
    expectError(j, {"/start: unknown piece 'Z' in the holdings"});
    j = base();
    j["start"] = "4k3/pppppppp/8/8/8/8/PPPPPPPP/3*K3 w - - 0 1";
    expectError(j, {"/start: '*' on d1 in FEN rank 1, which is not a hole of the board"});
    j = base();
    j["board"]["holes"] = {"a1"};
    expectError(j, {"/start: a1 in FEN rank 1 is a hole: write it '*'"});
    j = base();
    j["setups"] = {{"odd", "4k3/8/8/8/8/8/8/4K3"}};
    expectError(j, {"/setups/odd: the FEN has no side to move"});
}

TEST(LoaderErrors, Promotion) {
    json j = base();
    j["rules"]["promotion"][0]["choices"] = {"Q", "X"};
    expectError(j, {"/rules/promotion/0/choices/1: unknown piece letter 'X'"});
    j = base();
    j["rules"]["promotion"][0].erase("choices");
    expectError(j, {"/rules/promotion/0/pieces/0: piece 'P' has no promotesTo, so this rule "
                    "needs \"choices\""});
    j = base();
    j["rules"]["promotion"][0]["limit"] = {{"K", 1}};
    expectError(j, {"/rules/promotion/0/limit/K: limit on 'K', which is not one of this rule's "
                    "choices"});
    j = base();
    j["rules"]["promotion"][0]["limit"] = {{"Q", -1}};
    expectError(j, {"/rules/promotion/0/limit/Q: must be between 0 and 256, got -1"});
    j = base();
    // Promoting to a royal is allowed (Tamerlane's prince); relocation needs a relocation target.
    j["rules"]["promotion"][0]["relocationBlocked"] = "removeAny";
    expectError(j, {"/rules/promotion/0/relocationBlocked: only meaningful with \"relocateTo\""});
    j = base();
    j["rules"]["promotion"][0]["pieces"] = {"P", "p"};
    expectError(j, {"/rules/promotion/0/pieces/1: piece 'P' named twice"});
    j = base();
    j["rules"]["promotion"][0]["mandatory"] = 1;
    expectError(j, {"/rules/promotion/0/mandatory: expected true or false, got an integer"});
}

TEST(LoaderErrors, Castling) {
    json castling = {{"king", "K"}, {"rook", "R"}, {"kingside", {{"king", "g"}, {"rook", "f"}}}};
    json j = base();
    j["rules"]["castling"] = castling;
    expectError(j, {"/rules/castling/rook: unknown piece letter 'R'"});
    j["pieces"].push_back({{"name", "rook"}, {"letter", "R"}, {"betza", "R"}});
    EXPECT_NO_THROW(loadVariantText(j.dump(), "x.json"));
    j["rules"]["castling"]["kingside"]["king"] = "k";
    j["board"]["files"] = 6;
    j["start"] = "3k2/pppppp/6/6/6/6/PPPPPP/3K2 w - - 0 1";
    expectError(j, {"/rules/castling/kingside/king: the board has no file k (its files are a-f)"});
    j["rules"]["castling"]["kingside"] = {{"king", "e"}, {"rook", "g"}};
    expectError(j, {"/rules/castling/kingside/rook: the board has no file g"});
    j["rules"]["castling"]["kingside"]["rook"] = "d";
    j["rules"]["castling"]["rank"] = 9;
    expectError(j, {"/rules/castling/rank: must be between 1 and 8, got 9"});
    j["rules"]["castling"].erase("rank");
    j["rules"]["castling"]["kingside"]["rook"] = "e";
    expectError(j, {"/rules/castling/kingside/rook: king and rook cannot end on the same file"});
}

TEST(LoaderErrors, RulesValues) {
    json j = base();
    j["rules"]["castle"] = true;
    expectError(j, {"/rules/castle: unknown key 'castle' (did you mean 'castling'?)"});
    j = base();
    j["rules"]["checkRule"] = "anyKing";
    expectError(j, {"/rules/checkRule: expected 'anyRoyal', 'soleRoyal', 'allRoyals' or 'none', "
                    "got 'anyKing'"});
    j = base();
    j["rules"]["stalemate"] = "lose";
    expectError(j, {"/rules/stalemate: expected 'loss', 'draw' or 'win', got 'lose'"});
    j = base();
    j["rules"]["nMoveRule"] = -1;
    expectError(j, {"/rules/nMoveRule: must be between 0 and 1000, got -1"});
    j = base();
    j["rules"]["nMoveRule"] = 18446744073709551615ull;
    expectError(j, {"/rules/nMoveRule: must be between 0 and 1000"});
    j = base();
    j["rules"]["repetition"] = {{"count", 1}};
    expectError(j, {"/rules/repetition/count: must be between 2 and 100, got 1"});
    j = base();
    j["rules"]["repetition"] = {{"result", "draw"}};
    expectError(j, {"/rules/repetition: missing required key 'count'"});
    j = base();
    j["rules"]["dropMateIllegal"] = {"P"};
    expectError(j, {"/rules/dropMateIllegal: needs \"drops\": true"});
    j = base();
    j["rules"] = json::array();
    expectError(j, {"/rules: expected an object, got an array"});
}

TEST(LoaderErrors, RuleConsistency) {
    json j = base();
    j["pieces"][1]["royal"] = false;
    expectError(j, {"/pieces: no piece is royal"});
    j["rules"]["checkRule"] = "anyRoyal";
    expectError(j, {"/rules/checkRule: no piece is royal"});
    j["rules"]["checkRule"] = "none";
    EXPECT_NO_THROW(loadVariantText(j.dump(), "x.json"));
    j["rules"]["flyingRoyals"] = true;
    expectError(j, {"/rules/flyingRoyals: needs a royal piece"});
    j = base();
    j["rules"]["perpetualCheckLoses"] = true;
    expectError(j, {"/rules/perpetualCheckLoses: needs rules.repetition"});
    j = base();
    j["rules"]["bareRoyalReply"] = false;
    expectError(j, {"/rules/bareRoyalReply: only allowed together with bareRoyal"});
    j = base();
    j["rules"]["drops"] = true;
    expectError(j, {"/rules/drops: no piece can be dropped"});
    j = base();
    j["pieces"][2]["betza"] = "Q@8";
    expectError(j, {"/pieces/2/betza: has an @ drop rule but rules.drops is not true"});
    j = base();
    j["rules"]["capturesToHand"] = true;
    expectError(j, {"/rules/capturesToHand: needs \"drops\": true"});
    j = base();
    j["pieces"][2]["betza"] = "Q@8";
    j["rules"]["drops"] = true;
    j["rules"]["dropMateIllegal"] = {"P"};
    expectError(j, {"/rules/dropMateIllegal/0: 'P' cannot be dropped"});
}

TEST(LoaderErrors, PointerTokensAreEscaped) {
    json j = base();
    j["rules"]["a/b~c"] = 1;
    expectError(j, {"/rules/a~1b~0c: unknown key 'a/b~c'"});
}

// No input may crash the loader or let anything but a VariantError out: every prefix of a real
// file, and random byte changes of it.
TEST(LoaderErrors, NeverCrashesOnMangledFiles) {
    for (const char* name : {"chess", "shogi", "xiangqi"}) {
        std::string text = readFile(kVariantsDir + "/" + name + ".json");
        auto attempt = [](const std::string& t) {
            try {
                loadVariantText(t, "m.json");
            } catch (const VariantError&) {
            } catch (const std::exception& e) {
                ADD_FAILURE() << "not a VariantError: " << e.what() << "\n" << t;
            }
        };
        for (std::size_t n = 0; n < text.size(); n += 7) attempt(text.substr(0, n));
        std::mt19937 rng(12345);
        const std::string alphabet = "{}[]\",:0123456789-+.eE/*@~'!PpKkQqxyz aWFNR\\\n\x01\xff";
        for (int k = 0; k < 400; ++k) {
            std::string t = text;
            int edits = 1 + int(rng() % 3);
            for (int e = 0; e < edits; ++e) t[rng() % t.size()] = alphabet[rng() % alphabet.size()];
            attempt(t);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Regions

std::shared_ptr<const Variant> withConfinement(const json& region, int files = 9, int ranks = 10) {
    json j = base();
    j["board"] = {{"files", files}, {"ranks", ranks}};
    // The kings on the a-file (a start position needs them), the rest empty.
    std::string empty = std::to_string(files), rest = std::to_string(files - 1);
    std::string fen;
    for (int r = 0; r < ranks; ++r) {
        if (r) fen += '/';
        if (r == 0 || r == ranks - 1) {
            fen += r == 0 ? 'k' : 'K';
            fen += rest;
        } else {
            fen += empty;
        }
    }
    j["start"] = fen + " w - - 0 1";
    j["pieces"][1]["confinement"] = region;
    return loadVariantText(j.dump(), "r.json");
}

TEST(Regions, ItemsAndRotationForBlack) {
    auto v = withConfinement({"d1-f3"});
    const Geometry& g = v->board;
    const auto& c = v->pieces[1].confinement;
    EXPECT_EQ(c.of[White], squares(g, {"d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"}));
    EXPECT_EQ(c.of[Black], squares(g, {"d8", "e8", "f8", "d9", "e9", "f9", "d10", "e10", "f10"}));
    for (int sq = 0; sq < g.squareCount(); ++sq)
        EXPECT_EQ(c.of[White][sq], c.of[Black][g.rotate(sq)]);

    // The corners of a rectangle may come in any order.
    EXPECT_EQ(withConfinement({"f3-d1"})->pieces[1].confinement.of[White], c.of[White]);
    EXPECT_EQ(withConfinement({"d3-f1"})->pieces[1].confinement.of[White], c.of[White]);

    // A square turns to the diagonally opposite one.
    auto sq = withConfinement({"a1"});
    EXPECT_EQ(sq->pieces[1].confinement.of[Black], squares(g, {"i10"}));
    auto b2 = withConfinement({"b3"});
    EXPECT_EQ(b2->pieces[1].confinement.of[Black], squares(g, {"h8"}));

    // A rank, a file, and their union.
    auto rank = withConfinement({"*3"});
    EXPECT_EQ(rank->pieces[1].confinement.of[White].count(), 9u);
    EXPECT_TRUE(rank->pieces[1].confinement.of[White][*g.parse("i3")]);
    EXPECT_TRUE(rank->pieces[1].confinement.of[Black][*g.parse("a8")]);
    auto file = withConfinement({"c*"});
    EXPECT_EQ(file->pieces[1].confinement.of[White].count(), 10u);
    EXPECT_TRUE(file->pieces[1].confinement.of[White][*g.parse("c10")]);
    EXPECT_TRUE(file->pieces[1].confinement.of[Black][*g.parse("g1")]);
    auto both = withConfinement({"*10", "a*", "e5"});
    EXPECT_EQ(both->pieces[1].confinement.of[White].count(), 9u + 10u - 1u + 1u);

    // Two-digit ranks and a 16x16 board.
    auto big = withConfinement({"p16", "*16", "a10-b11"}, 16, 16);
    EXPECT_TRUE(big->pieces[1].confinement.of[White][*big->board.parse("p16")]);
    EXPECT_TRUE(big->pieces[1].confinement.of[Black][*big->board.parse("a1")]);
    EXPECT_EQ(big->pieces[1].confinement.of[White].count(), 16u + 4u);
}

TEST(Regions, ExplicitPerSide) {
    auto v = withConfinement({{"white", {"d1-f3"}}, {"black", {"a1"}}});
    const Geometry& g = v->board;
    EXPECT_EQ(v->pieces[1].confinement.of[White].count(), 9u);
    EXPECT_EQ(v->pieces[1].confinement.of[Black], squares(g, {"a1"}));
}

TEST(Regions, DefaultPromotionZoneIsTheLastRank) {
    auto v = loadVariantText(base().dump(), "x.json");
    const auto& zone = v->rules.promotions[0].zone;
    EXPECT_EQ(zone.of[White], squares(v->board, {"a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"}));
    EXPECT_EQ(zone.of[Black], squares(v->board, {"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"}));
}

TEST(Regions, ZoneMovesGiveTablesPerSquare) {
    json j = base();
    j["pieces"][0]["betza"] = "fW";
    j["pieces"][0]["zoneMoves"] = {{{"zone", {"*5-*8"}}, {"betza", "fsW"}}};
    expectError(j, {"/pieces/0/zoneMoves/0/zone/0: bad region item '*5-*8'"});
    j["pieces"][0]["zoneMoves"][0]["zone"] = {"*5", "*6", "*7", "*8"};
    auto v = loadVariantText(j.dump(), "x.json");
    EXPECT_EQ(v->pieces[0].zoneMoves.size(), 1u);
    EXPECT_EQ(v->pieces[0].zoneMoves[0].zone.of[Black].count(), 32u);
    EXPECT_TRUE(v->pieces[0].zoneMoves[0].zone.of[Black][*v->board.parse("a1")]);
    EXPECT_EQ(v->tables.size(), 3u);
}

TEST(Pieces, EnPassantVictimDefaultAndOverride) {
    json j = base();
    auto v = loadVariantText(j.dump(), "x.json");
    EXPECT_FALSE(v->pieces[0].enPassantVictim);
    j["pieces"][0]["zoneMoves"] = {{{"zone", {"*5"}}, {"betza", "fmWfceF"}}};
    EXPECT_TRUE(loadVariantText(j.dump(), "x.json")->pieces[0].enPassantVictim);
    j["pieces"][0]["enPassantVictim"] = false;
    EXPECT_FALSE(loadVariantText(j.dump(), "x.json")->pieces[0].enPassantVictim);
    j = base();
    j["pieces"][2]["enPassantVictim"] = true;
    EXPECT_TRUE(loadVariantText(j.dump(), "x.json")->pieces[2].enPassantVictim);
}

TEST(Pieces, ValueNotationAndRoyalty) {
    json j = base();
    j["pieces"][2]["value"] = 950;
    j["pieces"][2]["notation"] = "bfn";
    j["pieces"][2]["betza"] = "BR";
    auto v = loadVariantText(j.dump(), "x.json");
    EXPECT_EQ(v->pieces[2].value, 950);
    EXPECT_EQ(v->pieces[2].notation, betza::Dialect::Bfn);
    EXPECT_FALSE(v->pieces[0].value);
    EXPECT_TRUE(v->pieces[1].royal);
    EXPECT_FALSE(v->pieces[2].royal);
    EXPECT_EQ(v->path, "x.json");
}

TEST(Letters, SuffixesAndPromotedLetters) {
    json j = base();
    j["pieces"].push_back({{"name", "a"}, {"letter", "r'"}, {"betza", "R"}});
    j["pieces"].push_back({{"name", "b"}, {"letter", "R!"}, {"betza", "R"}});
    j["pieces"].push_back({{"name", "c"}, {"letter", "+q"}, {"betza", "Q"}});
    j["start"] = "4k3/pppppppp/8/8/8/8/PPPPPPPP/R'R!+Q1K3 w - - 0 1";
    auto v = loadVariantText(j.dump(), "x.json");
    EXPECT_EQ(v->pieces[3].letter, "R'");
    EXPECT_EQ(v->pieces[4].letter, "R!");
    EXPECT_EQ(v->pieces[5].letter, "+Q");
    EXPECT_EQ(v->pieceByLetter("R'"), 3);
    EXPECT_EQ(v->pieceByLetter("r!"), 4);
    EXPECT_EQ(v->pieceByLetter("+Q"), 5);
    EXPECT_EQ(v->pieceByLetter("R"), kNoPieceType);
    EXPECT_EQ(v->pieceByLetter(""), kNoPieceType);
    EXPECT_EQ(v->pieceByLetter("++Q"), kNoPieceType);
    j["start"] = "4k3/pppppppp/8/8/8/8/PPPPPPPP/R'R+Q2K3 w - - 0 1";
    expectError(j, {"/start: unknown piece 'R' in FEN rank 1"});
}

// ---------------------------------------------------------------------------------------------
// "xboard": what XBoard calls a variant it knows

TEST(XBoardIdentity, ShippedVariants) {
    struct Expect {
        const char* name;
        const char* xboard;
        int files, ranks;
    };
    for (const Expect& e : std::vector<Expect>{{"chess", "normal", 8, 8},
                                               {"shatranj", "shatranj", 8, 8},
                                               {"makruk", "makruk", 8, 8},
                                               {"courier", "courier", 12, 8},
                                               {"capablanca", "capablanca", 10, 8},
                                               {"grand", "grand", 10, 10},
                                               {"xiangqi", "xiangqi", 9, 10},
                                               {"shogi", "shogi", 9, 9},
                                               {"crazyhouse", "crazyhouse", 8, 8}}) {
        SCOPED_TRACE(e.name);
        auto v = shipped(e.name);
        ASSERT_TRUE(v->xboard);
        EXPECT_EQ(v->xboard->name, e.xboard);
        EXPECT_EQ(v->xboard->files, e.files);
        EXPECT_EQ(v->xboard->ranks, e.ranks);
        // Only courier starts elsewhere under XBoard: from the plain array.
        EXPECT_EQ(v->xboard->start.empty(), std::string(e.name) != "courier");
    }
    EXPECT_EQ(shipped("courier")->xboard->start,
              "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1");
    for (const char* name : {"nightrider", "grasshopper", "omicron", "tamerlane"})
        EXPECT_FALSE(shipped(name)->xboard) << name;
    EXPECT_FALSE(loadVariant("tamerlane-second-array")->xboard);
}

TEST(XBoardIdentity, SchemaDocumentsIt) {
    json schema = json::parse(readFile(kVariantsDir + "/schema.json"));
    const json& x = schema["properties"]["xboard"];
    EXPECT_TRUE(x.contains("description"));
    for (const char* key : {"name", "files", "ranks", "start"})
        EXPECT_TRUE(x["properties"][key].contains("description")) << key;
    EXPECT_EQ(x["required"], json::array({"name", "files", "ranks"}));
}

TEST(XBoardIdentity, Errors) {
    json j = base();
    j["xboard"] = {{"name", "normal"}, {"files", 8}, {"ranks", 8}};
    auto v = loadVariantText(j.dump(), "x.json");
    ASSERT_TRUE(v->xboard);
    EXPECT_EQ(v->xboard->name, "normal");
    EXPECT_TRUE(v->xboard->start.empty());
    j["xboard"] = "normal";
    expectError(j, {"x.json: /xboard: expected an object, got a string"});
    j["xboard"] = {{"files", 8}, {"ranks", 8}};
    expectError(j, {"/xboard: missing required key 'name'"});
    j["xboard"] = {{"name", "normal"}, {"ranks", 8}};
    expectError(j, {"/xboard: missing required key 'files'"});
    j["xboard"] = {{"name", 3}, {"files", 8}, {"ranks", 8}};
    expectError(j, {"/xboard/name: expected a string, got an integer"});
    j["xboard"] = {{"name", ""}, {"files", 8}, {"ranks", 8}};
    expectError(j, {"/xboard/name: must not be empty"});
    j["xboard"] = {{"name", "my,variant"}, {"files", 8}, {"ranks", 8}};
    expectError(j, {"/xboard/name: an XBoard variant name is letters, digits, '-' and '_', got "
                    "'my,variant'"});
    j["xboard"] = {{"name", "normal"}, {"files", 17}, {"ranks", 8}};
    expectError(j, {"/xboard/files: must be between 1 and 16, got 17"});
    j["xboard"] = {{"name", "normal"}, {"files", 8}, {"ranks", "8"}};
    expectError(j, {"/xboard/ranks: expected an integer, got a string"});
    j["xboard"] = {{"name", "normal"}, {"files", 8}, {"ranks", 8}, {"strat", ""}};
    expectError(j, {"/xboard/strat: unknown key 'strat' (did you mean 'start'?)"});
    j["xboard"] = {{"name", "normal"}, {"files", 8}, {"ranks", 8}, {"start", false}};
    expectError(j, {"/xboard/start: expected a string, got a boolean"});
    // XBoard's start array is checked on its board like "start".
    j["xboard"]["start"] = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3X w - - 0 1";
    expectError(j, {"/xboard/start: "});
    j["xboard"]["start"] = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 x - - 0 1";
    expectError(j, {"/xboard/start: "});
    j["xboard"]["start"] = "3k4/pppppppp/8/8/8/8/PPPPPPPP/3K4 w - - 0 1";
    EXPECT_EQ(loadVariantText(j.dump(), "x.json")->xboard->start, j["xboard"]["start"]);
    // On another board than XBoard's it is never used, and not checked.
    j["xboard"]["files"] = 10;
    j["xboard"]["start"] = "rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w - - 0 1";
    EXPECT_NO_THROW(loadVariantText(j.dump(), "x.json"));
}

// Inheriting: the base's "xboard" stays with the base's name; a changed board is kept apart
// (the engine defines the variant for XBoard under a size-prefixed name).
TEST(XBoardIdentity, Inherited) {
    auto load = [](const std::string& text) { return loadVariantText(text, "x.json"); };
    auto sameName = load(R"({"inherits": "chess", "rules": {"nMoveRule": 40}})");
    ASSERT_TRUE(sameName->xboard);
    EXPECT_EQ(sameName->xboard->name, "normal");
    auto otherCase = load(R"({"inherits": "chess", "name": "Chess"})");
    ASSERT_TRUE(otherCase->xboard);
    EXPECT_EQ(otherCase->xboard->name, "normal");
    EXPECT_FALSE(load(R"({"inherits": "chess", "name": "mychess"})")->xboard);
    EXPECT_FALSE(load(R"({"inherits": "courier", "xboard": null})")->xboard);
    auto own = load(R"({"inherits": "courier", "name": "mine",
                       "xboard": {"name": "courier", "files": 12, "ranks": 8}})");
    ASSERT_TRUE(own->xboard);
    EXPECT_EQ(own->xboard->name, "courier");
    EXPECT_EQ(own->xboard->start, shipped("courier")->xboard->start);  // merged key by key
    auto wider = load(R"({"inherits": "courier", "board": {"files": 14, "ranks": 8},
        "start": "rnebmkfwbenrrr/pppppppppppppp/14/14/14/14/PPPPPPPPPPPPPP/RNEBMKFWBENRRR w - - 0 1"})");
    ASSERT_TRUE(wider->xboard);
    EXPECT_EQ(wider->xboard->files, 12);
    EXPECT_EQ(wider->board.files, 14);
    EXPECT_EQ(wider->xboard->start, shipped("courier")->xboard->start);
}

// Inheriting: the base's square corrections (fitted to its board and pieces) stay with a file
// that keeps both, and are dropped by one that gives another board or other pieces, which may
// give its own.
TEST(EvaluationSquares, Inherited) {
    auto load = [](const std::string& text) { return loadVariantText(text, "x.json"); };
    auto chess = shipped("chess");
    ASSERT_FALSE(chess->squareBonus.empty());
    PieceType knight = chess->pieceByLetter("N");
    auto same = load(R"({"inherits": "chess", "rules": {"nMoveRule": 40}})");
    ASSERT_EQ(same->squareBonus.size(), chess->squareBonus.size());
    EXPECT_EQ(same->squareBonus[knight].mg, chess->squareBonus[knight].mg);
    EXPECT_FALSE(load(R"({"inherits": "chess", "board": {"files": 8}})")->squareBonus.empty());
    const std::string wide = R"({"inherits": "chess", "board": {"files": 10, "ranks": 8},
        "start": "rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w - - 0 1",
        "rules": {"castling": null})";
    EXPECT_TRUE(load(wide + "}")->squareBonus.empty());
    json rows = json::array();
    for (int r = 0; r < 8; ++r) rows.push_back({0, 0, 0, 0, r});
    auto own = load(wide + R"(, "evaluation": {"squares": {"R": {"eg": )" + rows.dump() + "}}}}");
    ASSERT_FALSE(own->squareBonus.empty());
    EXPECT_TRUE(own->squareBonus[knight].mg.empty());
    EXPECT_EQ(own->squareBonus[own->pieceByLetter("R")].eg[7 * 5 + 4], 7);
}

}  // namespace
}  // namespace timur
