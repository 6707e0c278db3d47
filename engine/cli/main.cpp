// The `timur` executable: a protocol engine when run without a subcommand, and a set of
// command-line tools otherwise. This file only dispatches; see engine/cli.h.
#include <boost/program_options.hpp>
#include <cstring>
#include <iostream>
#include <string_view>

#include "engine/cli/cli.h"
#include "engine/protocol/run.h"
#include "engine/version.h"

namespace {

struct Subcommand {
    const char* name;
    const char* summary;
    int (*run)(int argc, char** argv);  // argv[0] is the subcommand's name
};

// To add a subcommand: declare its run function in engine/cli.h, implement it in its own
// engine/cli/<name>.cpp (listed in engine/CMakeLists.txt) and add one line here.
const Subcommand kSubcommands[] = {
    {"betza", "show where a piece described in Betza notation can move", timur::cli::runBetza},
    {"perft", "count the legal move sequences of a given length", timur::cli::runPerft},
    {"moves", "list the legal moves of a position and whether the game is over",
     timur::cli::runMoves},
    {"match", "play engines against each other, refereed by Timur's rules", timur::cli::runMatch},
    {"bench", "search fixed positions to a fixed depth; print nodes and speed",
     timur::cli::runBench},
    {"describe", "show a variant's pieces, their values and moves, and its rules",
     timur::cli::runDescribe},
    {"play", "watch Timur play itself in the terminal", timur::cli::runPlay},
    {"tune", "fit the evaluation's weights and piece values to self-play games",
     timur::cli::runTune},
    {"replay", "play out the games of PGN files; print every position and move as JSON",
     timur::cli::runReplay},
};

void printUsage(std::ostream& out, const boost::program_options::options_description& options) {
    out << "Usage: timur [OPTIONS]                 run as an engine (XBoard/UCI on stdin/stdout)\n"
           "       timur SUBCOMMAND [ARGS] [--help]\n\n"
           "Subcommands:\n";
    for (const Subcommand& s : kSubcommands) {
        std::string name = s.name;
        out << "  " << name << std::string(name.size() < 12 ? 12 - name.size() : 1, ' ')
            << s.summary << '\n';
    }
    out << '\n' << options;
}

}  // namespace

int main(int argc, char** argv) {
    namespace po = boost::program_options;
    if (argc >= 2 && argv[1][0] != '-') {
        std::string_view name = argv[1];
        for (const Subcommand& s : kSubcommands)
            if (name == s.name) return s.run(argc - 1, argv + 1);
        std::cerr << "timur: unknown subcommand '" << name << "'; see timur --help\n";
        return timur::cli::kExitUsage;
    }

    po::options_description options("Options");
    options.add_options()("help,h", "print this help and exit")("version",
                                                                "print the version and exit");
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "timur: " << e.what() << "; see timur --help\n";
        return timur::cli::kExitUsage;
    }
    if (vm.count("help")) {
        printUsage(std::cout, options);
        return timur::cli::kExitOk;
    }
    if (vm.count("version")) {
        std::cout << timur::engineName() << ' ' << timur::engineVersion() << '\n';
        return timur::cli::kExitOk;
    }
    // Unsynchronised with C stdio, std::cin reads a line in one go instead of a character at a
    // time: a UCI GUI resends the whole game with each move (150 KB after 24000 plies). std::cout
    // is then buffered and not thread-safe: only protocol::Output writes it (under its mutex, and
    // it flushes every line), so std::cin must not flush it from the input thread.
    std::ios_base::sync_with_stdio(false);
    std::cin.tie(nullptr);
    return timur::protocol::run(std::cin, std::cout);
}
