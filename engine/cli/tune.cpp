// timur tune: Texel tuning of the evaluation's weights and piece values for any variant, from
// short self-play games (engine/tune/tune.h). Writes the result as the variant file's
// "evaluation" section, or as a variant file that inherits the tuned one and adds it.
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "engine/cli/cli.h"
#include "engine/tune/pgn_positions.h"
#include "engine/tune/tune.h"

namespace timur::cli {

namespace po = boost::program_options;

int runTune(int argc, char** argv) {
    po::options_description opts("Options");
    opts.add_options()("help,h", "print this help")(
        "variant,v", po::value<std::string>()->default_value("chess"), "variant name or JSON file")(
        "games", po::value<int>()->default_value(200), "self-play games to collect positions from")(
        "nodes", po::value<std::uint64_t>()->default_value(2000), "nodes searched per move")(
        "random-plies", po::value<int>()->default_value(8),
        "random legal moves at the start of each game")(
        "max-plies", po::value<int>()->default_value(400), "a game still going is then a draw")(
        "seed", po::value<std::uint64_t>()->default_value(1), "seed of the random opening moves")(
        "positions", po::value<std::string>(),
        "read the positions from FILE ('FEN | RESULT' lines) instead of playing games")(
        "pgn", po::value<std::vector<std::string>>()->multitoken(),
        "read the quiet positions of the games in these PGN files (a match's, say), each with "
        "its game's result, instead of playing games (with --positions: both)")(
        "save-positions", po::value<std::string>(), "write the positions played or read to FILE")(
        "passes", po::value<int>()->default_value(30), "at most this many passes of the search")(
        "fixed-values", "keep the piece values; tune the other weights only")(
        "value-range", po::value<double>()->default_value(0.25),
        "piece values stay within this share of their start value either way")(
        "prior", po::value<double>()->default_value(0.0005),
        "pull back to the start values: added to the loss, times the sum of the squared "
        "relative changes")(
        "squares",
        "then fit square corrections for every piece (by rank from its side and file from "
        "the edge), the tuned weights held")(
        "square-prior", po::value<double>()->default_value(0.0002),
        "pull of the square corrections to 0: added to the loss, times the sum of the squared "
        "corrections in pawns")("square-iterations", po::value<int>()->default_value(600),
                                "gradient steps of the square fit")(
        "output,o", po::value<std::string>(),
        "write a variant file that inherits the variant and sets the tuned \"evaluation\" "
        "(default: print the section on stdout)");
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
        if (vm.count("help")) {
            std::cout
                << "Usage: timur tune [--variant NAME|FILE] [--games N] [--nodes N] [--pgn "
                   "FILE...]\n"
                   "                  [--squares] [-o FILE]\n"
                   "Plays short self-play games, keeps their quiet positions with the results,\n"
                   "and fits the evaluation's weights and piece values to them (Texel tuning:\n"
                   "the squared error between each result and the score the static evaluation\n"
                   "predicts, on a logistic curve whose scale K is fitted first). Progress goes\n"
                   "to stderr; the result is a variant file's \"evaluation\" section. With\n"
                   "--squares it then fits square corrections for every piece as well.\n\n"
                << opts;
            return kExitOk;
        }
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "timur tune: " << e.what() << "; see timur tune --help\n";
        return kExitUsage;
    }
    try {
        std::string name = vm["variant"].as<std::string>();
        std::shared_ptr<const Variant> variant = loadVariant(name);
        std::vector<tune::Sample> samples;
        if (vm.count("positions")) {
            std::string path = vm["positions"].as<std::string>();
            std::ifstream in(path);
            if (!in) throw std::runtime_error(path + ": cannot open the file");
            samples = tune::readSamples(in, path);
        }
        if (vm.count("pgn")) {
            for (const std::string& path : vm["pgn"].as<std::vector<std::string>>()) {
                std::ifstream in(path);
                if (!in) throw std::runtime_error(path + ": cannot open the file");
                tune::PgnReadReport report;
                std::vector<tune::Sample> read =
                    tune::pgnSamples(variant, in, path, &std::cerr, &report);
                std::cerr << path << ": " << report.positions << " positions from " << report.games
                          << " games (" << report.skipped << " skipped)\n";
                samples.insert(samples.end(), read.begin(), read.end());
            }
        }
        if (!vm.count("positions") && !vm.count("pgn")) {
            tune::PlayOptions play;
            play.games = vm["games"].as<int>();
            play.nodes = vm["nodes"].as<std::uint64_t>();
            play.randomPlies = vm["random-plies"].as<int>();
            play.maxPlies = vm["max-plies"].as<int>();
            play.seed = vm["seed"].as<std::uint64_t>();
            if (play.games < 1 || play.nodes < 1 || play.randomPlies < 0 || play.maxPlies < 1)
                throw std::runtime_error("--games, --nodes and --max-plies must be positive");
            samples = tune::playGames(variant, play, &std::cerr);
        }
        if (vm.count("save-positions")) {
            std::string path = vm["save-positions"].as<std::string>();
            std::ofstream out(path);
            tune::writeSamples(out, samples);
            if (!out) throw std::runtime_error(path + ": cannot write the file");
        }
        if (samples.size() < 20) throw std::runtime_error("too few positions to tune on");
        tune::FitOptions fit;
        fit.passes = vm["passes"].as<int>();
        fit.pieceValues = !vm.count("fixed-values");
        fit.prior = vm["prior"].as<double>();
        fit.valueRange = vm["value-range"].as<double>();
        if (fit.valueRange < 0) throw std::runtime_error("--value-range must not be negative");
        if (fit.prior < 0) throw std::runtime_error("--prior must not be negative");
        tune::FitResult r = tune::fit(variant, samples, fit, &std::cerr);
        std::cerr << "K " << r.k << "; loss " << r.trainBefore << " -> " << r.trainAfter
                  << ", held out " << r.validBefore << " -> " << r.validAfter << " (" << r.trainSize
                  << " + " << r.validSize << " positions, " << r.passes << " passes)\n";
        for (const tune::Parameter& p : r.parameters)
            if (p.value != p.start)
                std::cerr << "  " << p.name << ": " << p.start << " -> " << p.value << '\n';
        nlohmann::ordered_json section = tune::evaluationSection(r.parameters);
        if (vm.count("squares")) {
            tune::SquareFitOptions so;
            so.prior = vm["square-prior"].as<double>();
            so.iterations = vm["square-iterations"].as<int>();
            if (so.prior < 0 || so.iterations < 1)
                throw std::runtime_error(
                    "--square-prior must not be negative, --square-iterations positive");
            std::shared_ptr<const Variant> tuned = tune::withParameters(*variant, r.parameters);
            tune::SquareFitResult sq = tune::fitSquares(tuned, samples, so, &std::cerr);
            std::cerr << "squares: K " << sq.k << "; loss " << sq.trainBefore << " -> "
                      << sq.trainAfter << ", held out " << sq.validBefore << " -> " << sq.validAfter
                      << '\n';
            nlohmann::ordered_json squares = tune::squaresSection(*variant, sq.bonus);
            if (!squares.empty()) section["squares"] = squares;
        }
        if (vm.count("output")) {
            bool isFile = name.find('/') != std::string::npos ||
                          (name.size() > 5 && name.substr(name.size() - 5) == ".json");
            nlohmann::ordered_json file;
            file["inherits"] =
                isFile ? std::filesystem::absolute(name).lexically_normal().string() : name;
            file["evaluation"] = section;
            std::string path = vm["output"].as<std::string>();
            std::ofstream out(path);
            out << file.dump(2) << '\n';
            if (!out) throw std::runtime_error(path + ": cannot write the file");
        } else {
            std::cout << "\"evaluation\": " << section.dump(2) << '\n';
        }
    } catch (const std::exception& e) {
        std::cerr << "timur tune: " << e.what() << '\n';
        return kExitUsage;
    }
    return kExitOk;
}

}  // namespace timur::cli
