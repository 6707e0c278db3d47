// timur betza: parse a piece description, compile it for a board, walk its moves from one square
// and draw them (text, JSON, SVG).
//
// Decisions (also in the --help text):
//  - The default square is the centre of the board as the mover sees it: file (W-1)/2 and rank
//    (H-1)/2 for White (d4 on 8x8, f5 on 11x10), that square turned by 180 degrees for Black (e5
//    on 8x8). On even boards this leaves the larger half of the board in front of the piece.
//  - The walk sees the mover on its square, as the engine's generator does; the tables treat
//    that square as empty for the rest of a move, so a move may come back to it (the Chu Shogi
//    lion's igui mcabK, or its pass), marked & in the diagram.
//  - The XBetza line is written with every modifier Timur reads (q, z, u included); when XBoard
//    4.9.1 would misread it (it ignores q, z, u), the line says so.
//  - --ep SQ: the e.p. victim is the piece on the square just behind SQ as the mover sees it (one
//    rank lower for White, higher for Black), where the piece that gave the e.p. right stands
//    after its double step. If that square is empty an enemy is placed there; a friend, a hole,
//    the mover or the board edge there is an error. SQ itself must be empty.
#include <boost/program_options.hpp>
#include <charconv>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/cli/cli.h"
#include "notation/compile.h"
#include "notation/diagram.h"
#include "notation/geometry.h"
#include "notation/parse.h"
#include "notation/walk.h"

namespace timur::cli {

namespace {

namespace po = boost::program_options;

// Thrown for any bad input; runBetza prints it and returns kExitUsage.
struct UsageError {
    std::string message;
};

[[noreturn]] void fail(const std::string& message) {
    throw UsageError{message};
}

std::string boardDescription(const Geometry& g) {
    return "the board is " + std::to_string(g.files) + "x" + std::to_string(g.ranks) +
           ": files a-" + std::string(1, char('a' + g.files - 1)) + ", ranks 1-" +
           std::to_string(g.ranks);
}

std::optional<int> parseNumber(std::string_view text) {
    int value = 0;
    if (text.empty() || text.size() > 3) return std::nullopt;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// "WxH", 1 <= W, H <= 16.
Geometry parseBoardSize(const std::string& text) {
    std::size_t x = text.find_first_of("xX");
    if (x == std::string::npos)
        fail("malformed board size '" + text + "': expected WIDTHxHEIGHT, e.g. 8x8");
    std::optional<int> files = parseNumber(std::string_view(text).substr(0, x));
    std::optional<int> ranks = parseNumber(std::string_view(text).substr(x + 1));
    if (!files || !ranks)
        fail("malformed board size '" + text + "': expected WIDTHxHEIGHT, e.g. 8x8");
    if (*files < 1 || *ranks < 1) fail("board size '" + text + "' has no squares");
    if (*files > kMaxFiles || *ranks > kMaxRanks)
        fail("board " + text + " is too large: at most " + std::to_string(kMaxFiles) + "x" +
             std::to_string(kMaxRanks));
    Geometry g;
    g.files = *files;
    g.ranks = *ranks;
    return g;
}

int parseSquare(const Geometry& g, const std::string& text, const char* option) {
    std::optional<int> sq = g.parse(text);
    if (!sq) fail("bad square '" + text + "' in " + option + ": " + boardDescription(g));
    return *sq;
}

// "a1,b2,c3": empty items are errors.
std::vector<int> parseSquareList(const Geometry& g, const std::string& text, const char* option) {
    std::vector<int> squares;
    std::size_t start = 0;
    while (true) {
        std::size_t comma = text.find(',', start);
        std::string item = text.substr(start, comma == std::string::npos ? comma : comma - start);
        if (item.empty()) fail(std::string("empty square in ") + option + " '" + text + "'");
        squares.push_back(parseSquare(g, item, option));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return squares;
}

void printParseError(const std::string& description, const betza::ParseError& e) {
    std::cerr << "timur betza: cannot parse the description at column " << e.column() << ": "
              << e.detail() << "\n  " << description << "\n  "
              << std::string(e.column() > 1 ? e.column() - 1 : 0, ' ') << "^\n";
}

int run(int argc, char** argv) {
    po::options_description options("Options");
    // clang-format off
    options.add_options()
        ("help,h", "print this help and exit")
        ("dialect", po::value<std::string>()->value_name("NAME")->default_value("xbetza"),
            "notation of DESCRIPTION: xbetza, bfn or bex")
        ("board", po::value<std::string>()->value_name("WxH")->default_value("8x8"),
            "board size, at most 16x16")
        ("holes", po::value<std::string>()->value_name("SQ,.."),
            "squares that are not part of the board")
        ("from", po::value<std::string>()->value_name("SQ"),
            "the piece's square (default: the centre as the mover sees it: d4 on 8x8 for "
            "White, e5 for Black)")
        ("black", po::bool_switch(), "the piece is Black (moves down the board)")
        ("friends", po::value<std::string>()->value_name("SQ,.."),
            "squares of pieces of the mover's side")
        ("enemies", po::value<std::string>()->value_name("SQ,.."), "squares of enemy pieces")
        ("royals", po::value<std::string>()->value_name("SQ,.."),
            "which of the friends and enemies are royal (a tame move, t, may not capture them)")
        ("moved", po::bool_switch(), "the piece has moved before: no initial (i) moves")
        ("ep", po::value<std::string>()->value_name("SQ"),
            "en-passant square; its victim is the enemy just behind it as the mover sees it "
            "(placed there if that square is empty)")
        ("json", po::bool_switch(), "print only a JSON object {moves, xbetza}")
        ("svg", po::value<std::string>()->value_name("FILE"),
            "also write an SVG picture of the board to FILE")
        ("label", po::value<std::string>()->value_name("TEXT")->default_value("@"),
            "the piece's label in the SVG");
    // clang-format on
    po::options_description hidden;
    hidden.add_options()("description", po::value<std::vector<std::string>>());
    po::options_description all;
    all.add(options).add(hidden);
    po::positional_options_description positional;
    positional.add("description", -1);

    po::variables_map vm;
    try {
        po::store(
            po::command_line_parser(argc, argv)
                .options(all)
                .positional(positional)
                .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
                .run(),
            vm);
        po::notify(vm);
    } catch (const po::error& e) {
        fail(std::string(e.what()) + "; see timur betza --help");
    }
    if (vm.count("help")) {
        std::cout << "Usage: timur betza [OPTIONS] DESCRIPTION\n\n"
                     "Shows where a piece described in Betza notation can move: places it on an\n"
                     "otherwise empty board with the given friends, enemies and holes, prints a\n"
                     "diagram of its moves and the canonical XBetza of the description.\n"
                     "Squares are a file letter and a 1-based rank: a1, k10.\n\n"
                  << options
                  << "\nExample: timur betza --board 11x10 afsafyafF   (the Tamerlane giraffe)\n";
        return kExitOk;
    }
    if (!vm.count("description")) fail("no piece description given; see timur betza --help");
    const auto& words = vm["description"].as<std::vector<std::string>>();
    if (words.size() > 1)
        fail("one piece description expected, got " + std::to_string(words.size()) +
             " (quote a description with spaces)");
    const std::string& description = words[0];

    std::string dialectText = vm["dialect"].as<std::string>();
    std::optional<betza::Dialect> dialect = betza::dialectFromName(dialectText);
    if (!dialect) fail("unknown dialect '" + dialectText + "': use xbetza, bfn or bex");

    betza::DiagramInput in;
    Geometry& g = in.board;
    g = parseBoardSize(vm["board"].as<std::string>());
    if (vm.count("holes"))
        for (int sq : parseSquareList(g, vm["holes"].as<std::string>(), "--holes")) g.holes.set(sq);
    in.color = vm["black"].as<bool>() ? 1 : 0;
    if (vm.count("from")) {
        in.from = parseSquare(g, vm["from"].as<std::string>(), "--from");
    } else {
        in.from = g.square((g.files - 1) / 2, (g.ranks - 1) / 2);
        if (in.color == 1) in.from = g.rotate(in.from);
    }
    if (g.holes[in.from]) fail("the piece's square " + g.name(in.from) + " is a hole");

    auto place = [&](SquareSet& set, const std::string& name, const char* what) {
        if (!vm.count(name)) return;
        std::string option = "--" + name;
        for (int sq : parseSquareList(g, vm[name].as<std::string>(), option.c_str())) {
            if (g.holes[sq]) fail(std::string(what) + " on " + g.name(sq) + ", which is a hole");
            if (sq == in.from)
                fail(std::string(what) + " on " + g.name(sq) + ", where the piece stands");
            if (in.friends[sq] || in.enemies[sq])
                fail("two pieces on " + g.name(sq) + " (in --friends or --enemies)");
            set.set(sq);
        }
    };
    place(in.friends, "friends", "a friend");
    place(in.enemies, "enemies", "an enemy");
    if (vm.count("royals"))
        for (int sq : parseSquareList(g, vm["royals"].as<std::string>(), "--royals")) {
            if (!in.friends[sq] && !in.enemies[sq])
                fail("a royal on " + g.name(sq) + ", where no friend or enemy stands");
            in.royals.set(sq);
        }

    int epSquare = -1, epVictim = -1;
    if (vm.count("ep")) {
        int ep = parseSquare(g, vm["ep"].as<std::string>(), "--ep");
        if (g.holes[ep] || ep == in.from || in.friends[ep] || in.enemies[ep])
            fail("the e.p. square " + g.name(ep) + " must be an empty square");
        int behind = in.color == 0 ? -1 : 1;
        int file = g.fileOf(ep), rank = g.rankOf(ep) + behind;
        if (!g.isSquare(file, rank))
            fail("no square behind the e.p. square " + g.name(ep) + " for its victim");
        int victim = g.square(file, rank);
        if (victim == in.from || in.friends[victim])
            fail("the e.p. victim's square " + g.name(victim) +
                 " holds a piece of the mover's side");
        in.enemies.set(victim);
        in.epSquare = epSquare = ep;
        epVictim = victim;
    }

    betza::PieceMoves piece;
    try {
        piece = betza::parse(description, *dialect);
    } catch (const betza::ParseError& e) {
        printParseError(description, e);
        return kExitUsage;
    }
    betza::CompiledPiece compiled;
    try {
        compiled = betza::compile(piece, g, betza::kAllTableFeatures);
    } catch (const std::exception& e) {
        fail("cannot compile '" + description + "': " + e.what());
    }

    betza::WalkBoard walkBoard =
        betza::makeWalkBoard(g, in.from, in.friends, in.enemies, in.royals);
    walkBoard.epSquare = epSquare;
    walkBoard.epVictim = epVictim;
    in.moves = betza::walk(compiled, in.color, in.from, walkBoard, !vm["moved"].as<bool>());
    in.label = vm["label"].as<std::string>();

    std::string whyNot, notSafe;
    std::optional<std::string> xbetza =
        betza::toXBetza(piece, &whyNot, betza::XBetzaLevel::Extended);
    if (xbetza && !betza::toXBetza(piece, &notSafe))
        notSafe = " (not for XBoard 4.9.1: " + notSafe + ")";
    else
        notSafe.clear();

    if (vm.count("svg")) {
        std::string file = vm["svg"].as<std::string>();
        std::string caption = description;
        if (*dialect != betza::Dialect::XBetza)
            caption += std::string(" (") + betza::dialectName(*dialect) + ")";
        std::ofstream out(file, std::ios::binary);
        if (out) out << betza::diagramSvg(in, caption);
        out.close();
        if (!out) fail("cannot write the SVG file '" + file + "'");
    }
    if (vm["json"].as<bool>()) {
        std::cout << betza::diagramJson(in, xbetza) << '\n';
    } else {
        std::cout << betza::diagramText(in);
        if (xbetza)
            std::cout << "XBetza: " << *xbetza << notSafe << '\n';
        else
            std::cout << "XBetza: cannot be written: " << whyNot << '\n';
    }
    return kExitOk;
}

}  // namespace

int runBetza(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const UsageError& e) {
        std::cerr << "timur betza: " << e.message << '\n';
    } catch (const std::exception& e) {
        std::cerr << "timur betza: " << e.what() << '\n';
    }
    return kExitUsage;
}

}  // namespace timur::cli
