// timur replay: the games of PGN files played out on the board, one JSON line a game, for tools
// that judge each move with another engine (bench/move_losses.py).
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "engine/cli/cli.h"
#include "engine/evaluate.h"
#include "engine/match/pgn_replay.h"

namespace timur::cli {

namespace po = boost::program_options;

namespace {

constexpr const char* kUsage =
    "Usage: timur replay [--variant NAME|FILE] PGN...\n"
    "Plays out the games of PGN files (as `timur match` and XBoard write them) and\n"
    "prints each game as one JSON line: its number, players and result, and for\n"
    "every ply the position before the move (FEN), the move in the engine's own\n"
    "notation (as UCI sends it), whether the PGN marks it {book}, whether it is\n"
    "quiet (not in check, neither a capture nor a promotion), and the\n"
    "evaluation's phase there (256: all the start's pieces, 0: none). Games of\n"
    "another variant, unfinished ones and those with a move that is not legal are\n"
    "skipped, each named on stderr.\n";

nlohmann::json gameJson(const match::ReplayedGame& g, const std::shared_ptr<const Variant>& variant,
                        const Evaluator& eval) {
    nlohmann::json plies = nlohmann::json::array();
    Position pos(variant);
    for (const match::ReplayedPly& p : g.plies) {
        pos.setFen(p.fen);
        plies.push_back({{"fen", p.fen},
                         {"move", p.text},
                         {"book", p.book},
                         {"quiet", p.quiet},
                         {"phase", eval.phase(pos)}});
    }
    return {{"round", g.game->round},   {"white", g.game->white},   {"black", g.game->black},
            {"result", g.game->result}, {"variant", variant->name}, {"plies", plies},
            {"final", g.finalFen}};
}

}  // namespace

int runReplay(int argc, char** argv) {
    po::options_description opts("Options");
    opts.add_options()("help,h", "print this help")(
        "variant,v", po::value<std::string>()->default_value("chess"), "variant name or JSON file")(
        "pgn", po::value<std::vector<std::string>>()->multitoken(), "PGN files (or as arguments)");
    po::positional_options_description positional;
    positional.add("pgn", -1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(opts).positional(positional).run(),
                  vm);
        if (vm.count("help")) {
            std::cout << kUsage << '\n' << opts;
            return kExitOk;
        }
        po::notify(vm);
        if (!vm.count("pgn")) throw po::error("no PGN file given");
    } catch (const po::error& e) {
        std::cerr << "timur replay: " << e.what() << "; see timur replay --help\n";
        return kExitUsage;
    }
    try {
        std::shared_ptr<const Variant> variant = loadVariant(vm["variant"].as<std::string>());
        Evaluator eval(variant);
        int games = 0, skipped = 0;
        for (const std::string& path : vm["pgn"].as<std::vector<std::string>>()) {
            std::ifstream in(path);
            if (!in) throw std::runtime_error(path + ": cannot open the file");
            match::ReplayReport r =
                match::replayPgn(variant, in, path, &std::cerr, [&](const match::ReplayedGame& g) {
                    std::cout << gameJson(g, variant, eval).dump() << '\n';
                });
            games += r.games;
            skipped += r.skipped;
        }
        std::cerr << "timur replay: games " << games << ", skipped " << skipped << '\n';
        return kExitOk;
    } catch (const std::exception& e) {
        std::cerr << "timur replay: " << e.what() << '\n';
        return kExitUsage;
    }
}

}  // namespace timur::cli
