// timur play: Timur against itself in the terminal, the board drawn after every move.
#include <boost/program_options.hpp>
#include <iostream>

#include "engine/cli/cli.h"
#include "engine/movegen.h"
#include "engine/rules.h"
#include "engine/search.h"

namespace timur::cli {

namespace po = boost::program_options;

namespace {

// The board as text: ranks from the top, '#' for holes, '.' for empty squares, FEN letters.
void drawBoard(std::ostream& out, const Position& pos) {
    const Geometry& g = pos.board();
    const VariantInfo& info = pos.info();
    for (int rank = g.ranks - 1; rank >= 0; --rank) {
        out << (rank + 1 < 10 ? "  " : " ") << rank + 1 << " ";
        for (int file = 0; file < g.files; ++file) {
            int sq = g.square(file, rank);
            std::string cell = g.holes[sq]              ? "#"
                               : pos.at(sq) == kNoPiece ? (info.citadels[sq] ? "+" : ".")
                                                        : info.pieceText(pos.at(sq), false);
            out << ' ' << cell << std::string(cell.size() < 2 ? 2 - cell.size() : 0, ' ');
        }
        out << '\n';
    }
    out << "    ";
    for (int file = 0; file < g.files; ++file) out << ' ' << char('a' + file) << "  ";
    out << '\n';
}

}  // namespace

int runPlay(int argc, char** argv) {
    po::options_description opts("Options");
    opts.add_options()("help,h", "print this help")(
        "variant,v", po::value<std::string>()->default_value("tamerlane"),
        "variant name or JSON file")("fen,f", po::value<std::string>(), "start from this position")(
        "movetime", po::value<int>()->default_value(300), "milliseconds per move")(
        "max-moves", po::value<int>()->default_value(400), "stop after this many plies");
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
        if (vm.count("help")) {
            std::cout << "Usage: timur play [--variant NAME|FILE] [--fen FEN] [--movetime MS]\n"
                         "Timur plays itself; the board is drawn after every move.\n\n"
                      << opts;
            return kExitOk;
        }
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "timur play: " << e.what() << "; see timur play --help\n";
        return kExitUsage;
    }
    std::unique_ptr<Position> pos;
    try {
        auto variant = loadVariant(vm["variant"].as<std::string>());
        pos = std::make_unique<Position>(variant);
        pos->setFen(vm.count("fen") ? vm["fen"].as<std::string>() : variant->startFen);
    } catch (const std::exception& e) {
        std::cerr << "timur play: " << e.what() << '\n';
        return kExitUsage;
    }
    int movetime = std::max(10, vm["movetime"].as<int>());
    int maxPlies = std::max(1, vm["max-moves"].as<int>());
    Search search;
    std::cout << pos->variant().name << "\n";
    drawBoard(std::cout, *pos);
    for (int ply = 0;; ++ply) {
        MoveList legal;
        generateLegal(*pos, legal);
        GameEnd end = gameEnd(*pos, legal);
        if (end.over()) {
            std::cout << "Result: " << resultText(end.result) << " {" << end.reason << "}\n";
            return kExitOk;
        }
        if (ply >= maxPlies) {
            std::cout << "Result: * {stopped after " << maxPlies << " plies}\n";
            return kExitOk;
        }
        SearchLimits limits;
        limits.moveTime = movetime;
        SearchResult r = search.run(*pos, limits);
        if (r.best.isNull()) r.best = legal[0];
        std::string text = moveText(*pos, r.best);
        int moveNumber = pos->fullmoveNumber();
        bool white = pos->sideToMove() == White;
        pos->makeMove(r.best);
        std::cout << '\n'
                  << moveNumber << (white ? ". " : "... ") << text << "   (score " << r.info.score
                  << ", depth " << r.info.depth << ")\n";
        drawBoard(std::cout, *pos);
    }
}

}  // namespace timur::cli
