// timur perft / timur moves: the move generator from the command line.
#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "engine/cli/cli.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/progress.h"
#include "engine/rules.h"

namespace timur::cli {

namespace po = boost::program_options;

namespace {

// Parses the common --variant/--fen options into a position; prints the error and returns false.
bool setUp(const std::string& cmd, const po::variables_map& vm, std::unique_ptr<Position>& pos) {
    try {
        auto variant = loadVariant(vm["variant"].as<std::string>());
        pos = std::make_unique<Position>(variant);
        if (vm.count("fen"))
            pos->setFen(vm["fen"].as<std::string>());
        else
            pos->setFen(variant->startFen);
        return true;
    } catch (const std::exception& e) {
        std::cerr << "timur " << cmd << ": " << e.what() << '\n';
        return false;
    }
}

int parseArgs(const std::string& cmd, int argc, char** argv, po::options_description& opts,
              po::variables_map& vm, const char* usage) {
    try {
        po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
        if (vm.count("help")) {
            std::cout << usage << '\n' << opts;
            return kExitOk;
        }
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "timur " << cmd << ": " << e.what() << "; see timur " << cmd << " --help\n";
        return kExitUsage;
    }
    return -1;
}

}  // namespace

int runPerft(int argc, char** argv) {
    po::options_description opts("Options");
    opts.add_options()("help,h", "print this help")(
        "variant,v", po::value<std::string>()->default_value("chess"), "variant name or JSON file")(
        "fen,f", po::value<std::string>(),
        "start from this position (default: the start position)")(
        "depth,d", po::value<int>()->required(), "plies")("divide",
                                                          "print the count below each legal move");
    po::variables_map vm;
    int rc = parseArgs("perft", argc, argv, opts, vm,
                       "Usage: timur perft --variant NAME|FILE [--fen FEN] --depth N [--divide]");
    if (rc >= 0) return rc;
    int depth = vm["depth"].as<int>();
    if (depth < 0 || depth > 20) {
        std::cerr << "timur perft: --depth must be between 0 and 20\n";
        return kExitUsage;
    }
    std::unique_ptr<Position> pos;
    if (!setUp("perft", vm, pos)) return kExitUsage;
    auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    bool divide = vm.count("divide") > 0;
    if (depth >= 2 || (divide && depth == 1)) {
        // Root move by root move: --divide prints each count as it comes, and a terminal shows
        // a progress line meanwhile.
        ProgressLine progress;
        auto onMove = [&](int done, int total, const std::string& move, std::uint64_t count) {
            nodes += count;
            if (divide) {
                progress.clear();
                std::cout << move << ": " << count << '\n';
            }
            progress.update(double(done) / total, "perft depth " + std::to_string(depth) + ": " +
                                                      std::to_string(done) + " of " +
                                                      std::to_string(total) + " moves, " +
                                                      std::to_string(nodes) + " nodes");
        };
        perftDivide(*pos, depth, onMove);
    } else {
        nodes = perft(*pos, depth);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "Time: " << int(secs * 1000) << " ms, "
              << std::uint64_t(nodes / std::max(secs, 1e-6)) << " nodes/second\n";
    std::cout << "Nodes searched: " << nodes << std::endl;
    return kExitOk;
}

int runMoves(int argc, char** argv) {
    po::options_description opts("Options");
    opts.add_options()("help,h", "print this help")(
        "variant,v", po::value<std::string>()->default_value("chess"), "variant name or JSON file")(
        "fen,f", po::value<std::string>(), "the position (default: the start position)")(
        "json", "print {\"moves\": [...], \"result\": ..., \"reason\": ...}");
    po::variables_map vm;
    int rc = parseArgs("moves", argc, argv, opts, vm,
                       "Usage: timur moves --variant NAME|FILE [--fen FEN] [--json]");
    if (rc >= 0) return rc;
    std::unique_ptr<Position> pos;
    if (!setUp("moves", vm, pos)) return kExitUsage;
    MoveList legal;
    generateLegal(*pos, legal);
    std::vector<std::string> texts;
    for (const Move& m : legal) texts.push_back(moveText(*pos, m));
    std::sort(texts.begin(), texts.end());
    GameEnd end = gameEnd(*pos, legal);
    if (vm.count("json")) {
        nlohmann::json j;
        j["moves"] = texts;
        j["result"] = end.over() ? nlohmann::json(resultText(end.result)) : nlohmann::json(nullptr);
        j["reason"] = end.over() ? nlohmann::json(end.reason) : nlohmann::json(nullptr);
        std::cout << j.dump() << '\n';
    } else {
        for (const auto& t : texts) std::cout << t << '\n';
        std::cout << texts.size() << " legal moves";
        if (end.over())
            std::cout << "; game over: " << resultText(end.result) << " (" << end.reason << ")";
        std::cout << '\n';
    }
    return kExitOk;
}

}  // namespace timur::cli
