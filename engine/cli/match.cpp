// timur match: games between two engines of any protocol, refereed by Timur's rules of the
// variant (engine/match/).
#include <boost/program_options.hpp>
#include <csignal>
#include <fstream>
#include <iostream>

#include "engine/cli/cli.h"
#include "engine/match/merge.h"
#include "engine/match/runner.h"

namespace timur::cli {

namespace {

const char* kUsage =
    "Usage: timur match --engine SPEC --engine SPEC [options]\n"
    "       timur match --merge FILE... [--pgn OUT] [--sprt ...]\n"
    "\n"
    "Plays games between two engines and referees them with Timur's rules of the variant.\n"
    "\n"
    "Engine SPEC: name=NAME,cmd=COMMAND[,proto=uci|xboard][,option.NAME=VALUE]...\n"
    "             [,dir=WORKDIR][,stderr=FILE][,variant=ENGINE'S-NAME-OF-THE-VARIANT]\n"
    "             [,nodes=N][,depth=N]\n"
    "  (a comma only separates items before a known KEY=, so commands may contain commas)\n"
    "  nodes=N: UCI `go ... nodes N` on every move (not XBoard: CECP has no node limit);\n"
    "  depth=N: UCI `go ... depth N`, XBoard `sd N`. The clock still runs: give a generous\n"
    "  --tc for games at a fixed number of nodes or depth.\n"
    "\n"
    "Options:\n"
    "  --variant NAME|FILE     variant (default chess)\n"
    "  --games N               number of games (default 2)\n"
    "  --concurrency K         games played at once (default 1)\n"
    "  --tc [MOVES/]BASE[+INC] time control in seconds, e.g. 10+0.1, 40/60+0 (default 10+0.1)\n"
    "  --st SECONDS            fixed time per move instead of --tc\n"
    "  --margin MS             a move may overstep the clock by this much (default 200)\n"
    "  --openings FILE         one opening a line: a FEN [moves ...] or moves (e2e4 e7e5);\n"
    "                          each is played twice, colours swapped, in turn\n"
    "  --random-plies N        random legal opening moves (also played in pairs); with\n"
    "                          --openings they extend each line\n"
    "  --seed N                seed for --random-plies (default 0)\n"
    "  --pgn FILE              append every game to FILE\n"
    "  --sprt elo0=E0,elo1=E1,alpha=A,beta=B\n"
    "                          sequential test; stops the match when a bound is crossed\n"
    "  --adjudicate draw=MOVES:CP,resign=MOVES:CP,maxmoves=N\n"
    "                          draw when both engines' scores stay within CP for MOVES moves\n"
    "                          each; a loss for an engine whose score stays at or below -CP\n"
    "                          for MOVES of its moves; a draw after N full moves\n"
    "  --shard K/N             play only the K-th of N disjoint parts of the match (whole\n"
    "                          pairs of games, each with its opening, seed and number in the\n"
    "                          whole match); run the N parts anywhere, then --merge their PGN\n"
    "  --merge FILE...         read the PGN files of a sharded match: print its score, Elo\n"
    "                          and SPRT (with --sprt), write its games in order to --pgn OUT\n"
    "  --debug                 show the engines' dialogue on stderr, each line marked\n"
    "                          with its game's number\n"
    "  --help                  this text\n";

int fail(const std::string& message) {
    std::cerr << "timur match: " << message << '\n';
    return kExitUsage;
}

// --merge: the shards' PGN files as one match.
int runMerge(const boost::program_options::variables_map& vm) {
    using namespace timur::match;
    std::vector<PgnGame> games;
    MergedMatch merged;
    try {
        for (const std::string& file : vm["merge"].as<std::vector<std::string>>()) {
            std::ifstream in(file);
            if (!in) return fail("cannot read " + file);
            auto read = readPgnGames(in, file);
            games.insert(games.end(), read.begin(), read.end());
        }
        if (games.empty()) return fail("--merge: no games in the files given");
        merged = mergeGames(std::move(games));
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    auto list = [](const std::vector<int>& numbers) {
        std::string s;
        for (int n : numbers) s += (s.empty() ? "" : ", ") + std::to_string(n);
        return s;
    };
    if (!merged.duplicates.empty())
        std::cerr << "timur match: games given twice (first copy kept): " << list(merged.duplicates)
                  << '\n';
    if (!merged.missing.empty())
        std::cerr << "timur match: games no file holds: " << list(merged.missing) << '\n';
    if (merged.unfinished)
        std::cerr << "timur match: " << merged.unfinished << " unfinished games not counted\n";
    std::cout << "Merged " << merged.games.size() << " games\n"
              << scoreLine(merged.first, merged.second, merged.score) << '\n'
              << eloLine(merged.score) << '\n';
    if (vm.count("sprt")) {
        try {
            std::cout << sprtLine(sprtStatus(parseSprt(vm["sprt"].as<std::string>()), merged.score))
                      << '\n';
        } catch (const std::exception& e) {
            return fail(e.what());
        }
    }
    if (vm.count("pgn")) {
        std::ofstream out(vm["pgn"].as<std::string>());
        for (const PgnGame& g : merged.games) out << g.text;
        if (!out) return fail("cannot write " + vm["pgn"].as<std::string>());
    }
    return kExitOk;
}

}  // namespace

int runMatch(int argc, char** argv) {
    namespace po = boost::program_options;
    using namespace timur::match;
    po::options_description desc;
    desc.add_options()("help", "")("engine", po::value<std::vector<std::string>>(), "")(
        "variant", po::value<std::string>()->default_value("chess"), "")(
        "games", po::value<int>()->default_value(2), "")(
        "concurrency", po::value<int>()->default_value(1), "")("tc", po::value<std::string>(), "")(
        "st", po::value<std::string>(), "")("margin", po::value<int>()->default_value(200), "")(
        "openings", po::value<std::string>(), "")("random-plies", po::value<int>(), "")(
        "seed", po::value<std::uint64_t>()->default_value(0), "")(
        "pgn", po::value<std::string>(), "")("sprt", po::value<std::string>(), "")(
        "adjudicate", po::value<std::string>(), "")("shard", po::value<std::string>(), "")(
        "merge", po::value<std::vector<std::string>>()->multitoken(), "")("debug", "");
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(desc).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return fail(std::string(e.what()) + "; see timur match --help");
    }
    if (vm.count("help")) {
        std::cout << kUsage;
        return kExitOk;
    }
    if (vm.count("merge")) return runMerge(vm);
    MatchOptions o;
    try {
        auto engines = vm.count("engine") ? vm["engine"].as<std::vector<std::string>>()
                                          : std::vector<std::string>{};
        if (engines.size() != 2) return fail("give --engine exactly twice");
        o.first = parseEngineSpec(engines[0]);
        o.second = parseEngineSpec(engines[1]);
        if (o.first.name == o.second.name) {
            o.first.name += "-1";
            o.second.name += "-2";
        }
        o.variant = loadVariant(vm["variant"].as<std::string>());
        o.games = vm["games"].as<int>();
        o.concurrency = vm["concurrency"].as<int>();
        if (o.games < 1) return fail("--games must be at least 1");
        if (o.concurrency < 1) return fail("--concurrency must be at least 1");
        if (vm.count("tc") && vm.count("st")) return fail("give --tc or --st, not both");
        o.game.tc = vm.count("st")
                        ? fixedMoveTime(vm["st"].as<std::string>())
                        : parseTimeControl(vm.count("tc") ? vm["tc"].as<std::string>() : "10+0.1");
        o.game.marginMs = std::max(0, vm["margin"].as<int>());
        if (vm.count("openings")) {
            std::ifstream in(vm["openings"].as<std::string>());
            if (!in) return fail("cannot read " + vm["openings"].as<std::string>());
            o.openings = readOpenings(in, o.variant);
            if (o.openings.empty())
                return fail("no openings in " + vm["openings"].as<std::string>());
        }
        if (vm.count("random-plies")) {
            o.randomPlies = vm["random-plies"].as<int>();
            if (o.randomPlies < 0) return fail("--random-plies must not be negative");
        }
        o.seed = vm["seed"].as<std::uint64_t>();
        if (vm.count("pgn")) o.pgnFile = vm["pgn"].as<std::string>();
        if (vm.count("sprt")) o.sprt = parseSprt(vm["sprt"].as<std::string>());
        if (vm.count("adjudicate"))
            o.game.adjudication = parseAdjudication(vm["adjudicate"].as<std::string>());
        o.debug = vm.count("debug") > 0;
        if (vm.count("shard")) {
            auto [k, n] = parseShard(vm["shard"].as<std::string>());
            o.shardIndex = k;
            o.shardCount = n;
        }
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    std::signal(SIGPIPE, SIG_IGN);  // a dead engine's pipe must not kill the runner
    try {
        timur::match::runMatch(o, std::cout);
    } catch (const std::exception& e) {
        std::cerr << "timur match: " << e.what() << '\n';
        return 1;
    }
    return kExitOk;
}

}  // namespace timur::cli
