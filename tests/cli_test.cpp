// Runs the built `timur` binary: help texts, exit codes and messages on bad input, and the shape
// of `timur betza --json`.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#ifndef TIMUR_BIN
#error "TIMUR_BIN must name the timur executable"
#endif

namespace {

struct Result {
    int status = -1;  // exit status, or -1 if it did not exit normally
    std::string out, err;
};

std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string quote(const std::string& arg) {
    std::string q = "'";
    for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::filesystem::path tempDir() {
    static std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() /
                 ("timur_cli_test_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

Result run(const std::vector<std::string>& args) {
    std::filesystem::path out = tempDir() / "out", err = tempDir() / "err";
    std::string command = quote(TIMUR_BIN);
    for (const std::string& a : args) command.append(" ").append(quote(a));
    command.append(" >").append(quote(out.string()));
    command.append(" 2>").append(quote(err.string()));
    command.append(" </dev/null");
    int raw = std::system(command.c_str());
    Result r;
    if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

bool contains(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

TEST(Cli, HelpListsSubcommands) {
    Result r = run({"--help"});
    EXPECT_EQ(r.status, 0);
    EXPECT_TRUE(contains(r.out, "betza")) << r.out;
    EXPECT_TRUE(contains(r.out, "--help")) << r.out;
    EXPECT_EQ(r.err, "");
}

// Without a subcommand timur is the protocol engine; at the end of its input it stops cleanly.
TEST(Cli, NoSubcommandStopsAtEndOfInput) {
    Result r = run({});
    EXPECT_EQ(r.status, 0) << r.err;
}

TEST(Cli, UnknownSubcommandOrOption) {
    Result r = run({"frobnicate"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "unknown subcommand 'frobnicate'")) << r.err;
    r = run({"--frobnicate"});
    EXPECT_EQ(r.status, 2);
    EXPECT_FALSE(r.err.empty());
}

TEST(Cli, PerftRefusesAFenWithoutKings) {
    Result r = run({"perft", "--fen", "8/8/8/8/8/8/8/4K3 w - - 0 1", "--depth", "2"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "Black has no royal piece (K) on the board")) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

// bench with helper threads: the same form of output, and the time to depth before it.
TEST(Cli, BenchWithThreads) {
    Result r = run({"bench", "3", "--variant", "chess", "--threads", "2"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(
        std::regex_search(r.out, std::regex("Time to depth 3: \\d+ ms\nNodes searched: [1-9]\\d*\n"
                                            "Nodes/second: \\d+\n$")))
        << r.out;
    r = run({"bench", "3", "--threads", "0"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "threads must be 1..")) << r.err;
}

TEST(Cli, BetzaHelp) {
    Result r = run({"betza", "--help"});
    EXPECT_EQ(r.status, 0);
    for (const char* option : {"--dialect", "--board", "--holes", "--from", "--black", "--friends",
                               "--enemies", "--moved", "--ep", "--json", "--svg"})
        EXPECT_TRUE(contains(r.out, option)) << option;
}

TEST(Cli, BetzaBadInputExitsWithTwo) {
    struct Case {
        std::vector<std::string> args;
        const char* message;
    };
    const Case cases[] = {
        {{"betza"}, "no piece description"},
        {{"betza", "W", "F"}, "one piece description expected"},
        {{"betza", "--dialect", "klingon", "W"}, "unknown dialect 'klingon'"},
        {{"betza", "--board", "8by8", "W"}, "malformed board size '8by8'"},
        {{"betza", "--board", "x8", "W"}, "malformed board size"},
        {{"betza", "--board", "17x8", "W"}, "too large"},
        {{"betza", "--board", "8x100", "W"}, "too large"},
        {{"betza", "--board", "0x8", "W"}, "no squares"},
        {{"betza", "--from", "z9", "W"}, "bad square 'z9' in --from"},
        {{"betza", "--from", "e0", "W"}, "bad square 'e0'"},
        {{"betza", "--from", "i1", "W"}, "files a-h, ranks 1-8"},
        {{"betza", "--holes", "a1,,b2", "W"}, "empty square in --holes"},
        {{"betza", "--holes", "d4", "W"}, "is a hole"},
        {{"betza", "--friends", "e4", "--enemies", "e4", "W"}, "two pieces on e4"},
        {{"betza", "--from", "a1", "--friends", "a1", "W"}, "where the piece stands"},
        {{"betza", "--ep", "e6", "--friends", "e5", "W"}, "mover's side"},
        {{"betza", "--ep", "e1", "W"}, "no square behind"},
        {{"betza", "--from"}, "--from"},
        {{"betza", "--bogus", "W"}, "bogus"},
        {{"betza", ""}, "cannot parse"},
    };
    for (const Case& c : cases) {
        Result r = run(c.args);
        std::string shown;
        for (const auto& a : c.args) shown += "[" + a + "]";
        EXPECT_EQ(r.status, 2) << shown;
        EXPECT_TRUE(contains(r.err, c.message)) << shown << " stderr: " << r.err;
        EXPECT_TRUE(r.err.rfind("timur betza: ", 0) == 0) << shown << " stderr: " << r.err;
        EXPECT_EQ(r.out, "") << shown;
    }
}

TEST(Cli, BetzaParseErrorShowsCaret) {
    Result r = run({"betza", "W$F"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "column 2")) << r.err;
    EXPECT_TRUE(contains(r.err, "\n  W$F\n   ^\n")) << r.err;
}

TEST(Cli, BetzaJsonShape) {
    Result r = run({"betza", "--json", "--from", "d4", "W"});
    ASSERT_EQ(r.status, 0) << r.err;
    auto doc = nlohmann::json::parse(r.out);
    ASSERT_TRUE(doc.is_object());
    ASSERT_TRUE(doc["moves"].is_array());
    ASSERT_TRUE(doc.contains("xbetza"));
    EXPECT_TRUE(doc["xbetza"].is_string() || doc["xbetza"].is_null());
    std::vector<std::string> to;
    for (const auto& m : doc["moves"]) {
        ASSERT_TRUE(m["to"].is_string());
        ASSERT_TRUE(m["captures"].is_array());
        to.push_back(m["to"]);
    }
    EXPECT_EQ(to, (std::vector<std::string>{"d3", "c4", "e4", "d5"}));
}

TEST(Cli, BetzaTextAndSvg) {
    std::filesystem::path svg = tempDir() / "w.svg";
    Result r = run({"betza", "--board", "5x5", "--enemies", "c4", "--svg", svg.string(), "W"});
    ASSERT_EQ(r.status, 0) << r.err;
    // The default square of a 5x5 board is c3.
    EXPECT_TRUE(contains(r.out, "  4  . . x . .\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "  3  . * @ * .\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "Legend: ")) << r.out;
    EXPECT_TRUE(contains(r.out, "XBetza: ")) << r.out;
    std::string picture = slurp(svg);
    EXPECT_EQ(picture.rfind("<?xml", 0), 0u);
    EXPECT_TRUE(contains(picture, "</svg>"));
}

TEST(Cli, BetzaUnwritableSvgFile) {
    Result r = run({"betza", "--svg", "/nonexistent-dir/x.svg", "W"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "cannot write the SVG file")) << r.err;
}

}  // namespace

TEST(Cli, PlayDrawsTheBoardAndStops) {
    Result r = run({"play", "--variant", "tamerlane", "--movetime", "20", "--max-moves", "2"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "tamerlane")) << r.out;
    EXPECT_TRUE(contains(r.out, "1. ")) << r.out;
    EXPECT_TRUE(contains(r.out, "Result: * {stopped after 2 plies}")) << r.out;
    r = run({"play", "--variant", "no-such-variant"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "timur play:")) << r.err;
}

// ---- timur perft, moves, describe ----------------------------------------------------------

TEST(Cli, PerftCountsAndDivides) {
    Result r = run({"perft", "--variant", "chess", "--depth", "3"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(std::regex_search(
        r.out, std::regex("Time: \\d+ ms, \\d+ nodes/second\nNodes searched: 8902\n$")))
        << r.out;
    // --divide: one "MOVE: COUNT" line per legal move, adding up to the total.
    r = run({"perft", "--variant", "chess", "--depth", "2", "--divide"});
    EXPECT_EQ(r.status, 0) << r.err;
    std::regex line("^([a-h][1-8][a-h][1-8]): (\\d+)$");
    int moves = 0;
    long long sum = 0;
    std::istringstream text(r.out);
    for (std::string l; std::getline(text, l);) {
        std::smatch m;
        if (!std::regex_match(l, m, line)) continue;
        ++moves;
        sum += std::stoll(m[2]);
        EXPECT_EQ(m[2], "20") << l;
    }
    EXPECT_EQ(moves, 20) << r.out;
    EXPECT_EQ(sum, 400) << r.out;
    EXPECT_TRUE(contains(r.out, "Nodes searched: 400\n")) << r.out;
    // A FEN (tests/oracle/tamerlane.tsv's P3 at depth 2), and a variant file by path.
    r = run({"perft", "--variant", "tamerlane", "--fen",
             "*2c7e*/ar4kP'1t2*/*1n'2v'2e'3*/*3z7*/*2N4r3*/*4R6*/*3E'3Z3*/*5n2N'2*/*6K5/*2C8* "
             "b Xkx - 0 1",
             "--depth", "2"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "Nodes searched: 1607\n")) << r.out;
    r = run({"perft", "--variant",
             std::string(TIMUR_SOURCE_DIR) + "/tests/data/tamerlane-o1-o3-o4.json", "--depth",
             "1"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "Nodes searched: 35\n")) << r.out;
}

TEST(Cli, PerftBadInputExitsWithTwo) {
    struct Case {
        std::vector<std::string> args;
        const char* message;
    };
    const Case cases[] = {
        {{"perft", "--variant", "chess"}, "'--depth' is required"},
        {{"perft", "--variant", "chess", "--depth", "x"}, "--depth"},
        {{"perft", "--variant", "nosuch", "--depth", "1"}, "nosuch: unknown variant"},
        {{"perft", "--variant", "chess", "--fen", "bad", "--depth", "1"}, "ranks"},
    };
    for (const Case& c : cases) {
        Result r = run(c.args);
        EXPECT_EQ(r.status, 2) << c.args.back();
        EXPECT_TRUE(contains(r.err, "timur perft: ")) << r.err;
        EXPECT_TRUE(contains(r.err, c.message)) << r.err;
        EXPECT_EQ(r.out, "");
    }
}

TEST(Cli, MovesListsTheMovesAndTheResult) {
    Result r = run(
        {"moves", "--variant", "chess", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["moves"], nlohmann::json::parse(
                                R"(["f7f5","f7f6","g7g5","g7g6","g8f8","g8h8","h7h5","h7h6"])"));
    EXPECT_TRUE(doc["result"].is_null());
    r = run({"moves", "--variant", "chess", "--fen", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "0 legal moves; game over: 1-0 (checkmate)\n");
    r = run(
        {"moves", "--variant", "chess", "--fen", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out),
              nlohmann::json::parse(R"({"moves": [], "result": "1-0", "reason": "checkmate"})"));
    r = run({"moves", "--variant", "chess"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "e2e4\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "20 legal moves")) << r.out;
    r = run({"moves", "--variant", "chess", "--fen", "x"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "timur moves: ")) << r.err;
}

// timur tune: a few tiny games, a fit, and a variant file that loads with the result.
TEST(Cli, TuneWritesAnEvaluationSection) {
    std::filesystem::path out = tempDir() / "shatranj-tuned.json";
    std::filesystem::path positions = tempDir() / "shatranj.pos";
    Result r = run({"tune", "--variant", "shatranj", "--games", "6", "--nodes", "200", "--passes",
                    "2", "--save-positions", positions.string(), "-o", out.string()});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "K ")) << r.err;
    EXPECT_TRUE(contains(r.err, "held out")) << r.err;
    std::ifstream in(out);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_TRUE(contains(text.str(), "\"inherits\": \"shatranj\"")) << text.str();
    EXPECT_TRUE(contains(text.str(), "\"pieceValues\"")) << text.str();
    r = run({"describe", "--variant", out.string()});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "Variant: shatranj (8x8)\n")) << r.out;
    r = run({"tune", "--variant", "shatranj", "--positions", positions.string(), "--passes", "1",
             "--fixed-values"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "\"evaluation\": {")) << r.out;
    EXPECT_FALSE(contains(r.out, "pieceValues")) << r.out;
    r = run({"tune", "--positions", "/nonexistent/file"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "timur tune: ")) << r.err;
}

// --squares: square corrections fitted after the weights. Positions where White's knight on the
// rim goes with a lost game and a central one with a won game (the rest alike) teach that the
// rim is worse; the section loads back as a variant file.
TEST(Cli, TuneFitsSquareCorrections) {
    std::filesystem::path positions = tempDir() / "knights.pos";
    {
        std::ofstream out(positions);
        for (int i = 0; i < 60; ++i) {
            out << "4k3/pppp4/8/8/8/N7/PPPP4/4K3 w - - 0 1 | 0.3\n";
            out << "4k3/pppp4/8/8/3N4/8/PPPP4/4K3 w - - 0 1 | 0.7\n";
            out << "4k3/pppp4/n7/8/8/8/PPPP4/4K3 b - - 0 1 | 0.7\n";
            out << "4k3/pppp4/8/3n4/8/8/PPPP4/4K3 b - - 0 1 | 0.3\n";
        }
    }
    std::filesystem::path out = tempDir() / "chess-squares.json";
    Result r = run({"tune", "--variant", "chess", "--positions", positions.string(), "--passes",
                    "0", "--squares", "--square-iterations", "200", "-o", out.string()});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "squares: K ")) << r.err;
    std::ifstream in(out);
    nlohmann::json file = nlohmann::json::parse(in);
    const nlohmann::json& knight = file["evaluation"]["squares"]["N"];
    ASSERT_TRUE(knight.is_object()) << file.dump();
    // Rows by rank from White's side, files from the edge: a3 is [2][0], d4 [3][3].
    EXPECT_LT(knight["eg"][2][0].get<int>(), 0) << knight.dump();
    EXPECT_GT(knight["eg"][3][3].get<int>(), 0) << knight.dump();
    r = run({"describe", "--variant", out.string()});
    ASSERT_EQ(r.status, 0) << r.err;
    r = run({"tune", "--variant", "chess", "--positions", positions.string(), "--squares",
             "--square-iterations", "0"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "--square-iterations")) << r.err;
}

// Positions labelled with an expected score (another engine's evaluation) fit like results; a
// label outside 0..1 is refused with its line.
TEST(Cli, TuneReadsExpectedScores) {
    std::filesystem::path positions = tempDir() / "labelled.pos";
    {
        std::ofstream out(positions);
        for (int i = 0; i < 40; ++i) {
            out << "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1 | 0.93\n";
            out << "4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1 | 0.07\n";
            out << "4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1 | 0.5\n";
        }
    }
    Result r = run({"tune", "--variant", "chess", "--positions", positions.string(), "--passes",
                    "1", "--fixed-values"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "\"evaluation\": {")) << r.out;
    {
        std::ofstream out(positions);
        out << "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1 | 0.93\n";
        out << "4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1 | 1.5\n";
    }
    r = run({"tune", "--variant", "chess", "--positions", positions.string()});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "labelled.pos:2: not 'FEN | RESULT' with RESULT from 0 to 1"))
        << r.err;
}

// Positions from the games of a PGN file: the quiet ones (not in check, the move played there
// neither a capture nor a promotion, nor within two plies after an opening move marked {book}),
// each with its game's result; games of another variant, unfinished ones and ones with a move
// that is not legal are skipped, and said so.
TEST(Cli, TuneReadsPositionsFromPgnGames) {
    std::filesystem::path pgn = tempDir() / "games.pgn";
    std::filesystem::path positions = tempDir() / "games.pos";
    const std::string game =
        "1. e4 {book} e5 {book} 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4\n"
        "7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4 10. f3 Be6 11. Bf4 Bd6 12. Bxd6 cxd6\n"
        "13. Rxd6 Ke7 14. Rd2 {a comment} Nh6 15. Nc3 Rhd8 1-0\n\n";
    {
        std::ofstream out(pgn);
        for (int round = 1; round <= 2; ++round)
            out << "[Event \"t\"]\n[Round \"" << round << "\"]\n[Result \"1-0\"]\n\n" << game;
        out << "[Event \"t\"]\n[Variant \"capablanca\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n\n";
        out << "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
        out << "[Event \"t\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 Nc6 0-1\n\n";
        out << "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n"
               "[Result \"1/2-1/2\"]\n\n1. Ra8+ Kd7 (1... Kf7 2. Kd2) 2.Ra7+ $1 Kd6 3. Kd2 Ke5 "
               "{draw} 1/2-1/2\n\n";
    }
    Result r = run({"tune", "--variant", "chess", "--pgn", pgn.string(), "--save-positions",
                    positions.string(), "--passes", "1", "--fixed-values"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "games.pgn: 38 positions from 3 games (3 skipped)")) << r.err;
    EXPECT_TRUE(contains(r.err, "game 3: skipped: variant capablanca")) << r.err;
    EXPECT_TRUE(contains(r.err, "game 4: skipped: unfinished")) << r.err;
    EXPECT_TRUE(contains(r.err, "game 5: skipped: ply 3, Ke3, is not legal there")) << r.err;
    std::ifstream in(positions);
    std::stringstream text;
    text << in.rdbuf();
    // Before 3. Bb5 (the third ply after the book), kept with White's win; before 4. Bxc6 (a
    // capture), not; the start (book), not; the set-up game's positions out of check, a draw
    // (its variation, NAG and a move number glued to the move are read past).
    EXPECT_TRUE(contains(text.str(),
                         "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 1\n"))
        << text.str();
    EXPECT_FALSE(contains(text.str(), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w"))
        << text.str();
    EXPECT_FALSE(contains(text.str(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"))
        << text.str();
    EXPECT_TRUE(contains(text.str(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 0.5\n")) << text.str();
    EXPECT_FALSE(contains(text.str(), "R3k3/8/8/8/8/8/8/4K3 b")) << text.str();  // in check
    r = run({"tune", "--variant", "chess", "--pgn", "/nonexistent/games.pgn"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "/nonexistent/games.pgn: cannot open the file")) << r.err;
}

// timur replay: every game of a PGN file played out, one JSON line a game, with each ply's
// position, the move in the engine's notation, its book mark and the phase; a game that cannot
// be played out is skipped and named.
TEST(Cli, ReplayPrintsEveryPlyOfPgnGames) {
    std::filesystem::path pgn = tempDir() / "replay.pgn";
    {
        std::ofstream out(pgn);
        out << "[Event \"t\"]\n[Round \"7\"]\n[White \"A\"]\n[Black \"B\"]\n[Variant "
               "\"capablanca\"]\n[Result \"1-0\"]\n\n1. e4 {book} e5 2. Nh3 Ci6 3. Qe3 Cg5 "
               "4. Nxg5 Nh6 1-0\n\n";
        out << "[Event \"t\"]\n[Round \"8\"]\n[Variant \"capablanca\"]\n[Result \"1-0\"]\n\n"
               "1. e4 e5 2. Ke3 1-0\n\n";
    }
    Result r = run({"replay", "--variant", "capablanca", pgn.string()});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "game 2: skipped: ply 3, Ke3, is not legal there")) << r.err;
    EXPECT_TRUE(contains(r.err, "timur replay: games 1, skipped 1")) << r.err;
    std::istringstream lines(r.out);
    std::string line;
    std::vector<nlohmann::json> games;
    while (std::getline(lines, line)) games.push_back(nlohmann::json::parse(line));
    ASSERT_EQ(games.size(), 1u) << r.out;
    const nlohmann::json& g = games[0];
    EXPECT_EQ(g["round"], 7);
    EXPECT_EQ(g["white"], "A");
    EXPECT_EQ(g["result"], "1-0");
    ASSERT_EQ(g["plies"].size(), 8u) << r.out;
    EXPECT_EQ(g["plies"][0]["fen"],
              "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
    EXPECT_EQ(g["plies"][0]["move"], "e2e4");
    EXPECT_EQ(g["plies"][0]["book"], true);
    EXPECT_EQ(g["plies"][1]["book"], false);
    EXPECT_EQ(g["plies"][3]["move"], "h8i6");  // the chancellor, as UCI writes it
    // The phase falls once White has taken the chancellor.
    EXPECT_EQ(g["plies"][6]["phase"], 256);
    EXPECT_LT(g["plies"][7]["phase"], 256);
    EXPECT_EQ(g["final"],
              "rnabqkb2r/pppp1ppppp/7n2/4p1N3/4P5/4Q5/PPPP1PPPPP/RNAB1KBC1R w KQkq - 1 5");
    r = run({"replay", "/nonexistent/games.pgn"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "timur replay: /nonexistent/games.pgn: cannot open the file"))
        << r.err;
    r = run({"replay"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "timur replay: no PGN file given")) << r.err;
}

TEST(Cli, DescribeShowsPiecesAndRules) {
    Result r = run({"describe", "--variant", "shatranj"});
    ASSERT_EQ(r.status, 0) << r.err;
    for (const char* what :
         {"Variant: shatranj (8x8)\n", "Start: rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w",
          "  Q  ferz: value ", "     XBetza: F\n", "  B  alfil: value ", "     XBetza: A\n",
          "  K  king: value 0 (derived), royal\n", "  bare royal: the bared side loses",
          "  70-move rule: draw\n", "  3-fold repetition: "})
        EXPECT_TRUE(contains(r.out, what)) << what << "\n" << r.out;
    // A variant file: what it changes shows.
    std::filesystem::path file = tempDir() / "citadel-wins.json";
    std::ofstream(file) << R"({"inherits": "tamerlane", "name": "citadel-wins",
                              "rules": {"citadels": {"enemyEntry": "win"}}})";
    r = run({"describe", "--variant", file.string()});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "Variant: citadel-wins (13x10, with holes)\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "citadels: entering the enemy's wins")) << r.out;
    r = run({"describe", "--variant", "tamerlane"});
    EXPECT_TRUE(contains(r.out, "citadels: entering the enemy's draws")) << r.out;
    r = run({"describe", "--variant", "kyotoshogi"});
    EXPECT_TRUE(contains(r.out,
                         "  promotion: +P,+L,+N,+S in 25 zone squares -> the piece it is "
                         "the promotion of\n"))
        << r.out;
    EXPECT_TRUE(contains(r.out,
                         "  drops from hand, also on the promoted side, captures go to "
                         "hand\n"))
        << r.out;
    r = run({"describe", "--variant", "nosuch"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "timur describe: nosuch: unknown variant")) << r.err;
}
