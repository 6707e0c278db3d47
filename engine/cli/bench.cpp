// timur bench: a fixed-depth search of a fixed set of positions from every shipped variant.
//
// The node count is deterministic (one thread, a fresh transposition table and fresh history
// for every position, no time limit), so a change to the search that should not change what it
// searches can be checked by comparing the `Nodes searched` line before and after.
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <memory>

#include "engine/cli/cli.h"
#include "engine/movegen.h"
#include "engine/progress.h"
#include "engine/rules.h"
#include "engine/search.h"

namespace timur::cli {

namespace po = boost::program_options;

namespace {

// The bench positions of a variant: the start, then the positions reached after 12 and 24
// plies chosen by a fixed pseudo-random sequence over the legal moves (they only depend on the
// move generator's order, not on the search). A game that ends early gives fewer positions.
std::vector<std::string> benchFens(const std::shared_ptr<const Variant>& variant) {
    std::vector<std::string> fens;
    Position pos(variant);
    pos.setStart();
    fens.push_back(pos.fen());
    std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
    for (int ply = 1; ply <= 24; ++ply) {
        MoveList legal;
        generateLegal(pos, legal);
        if (legal.size == 0 || gameEnd(pos, legal).over()) break;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        pos.makeMove(legal[int((seed >> 33) % std::uint64_t(legal.size))]);
        if (ply % 12 == 0) {
            MoveList next;
            generateLegal(pos, next);
            if (next.size == 0 || gameEnd(pos, next).over()) break;
            fens.push_back(pos.fen());
        }
    }
    return fens;
}

// A fixed list (not the directory's contents), so that adding a variant file does not change
// the count.
std::vector<std::string> benchVariants() {
    return {"chess", "shatranj", "courier", "makruk",     "capablanca",
            "grand", "xiangqi",  "shogi",   "crazyhouse", "tamerlane"};
}

}  // namespace

int runBench(int argc, char** argv) {
    po::options_description opts("Options");
    opts.add_options()("help,h", "print this help")("depth", po::value<int>()->default_value(6),
                                                    "search depth in plies (also positional)")(
        "variant,v", po::value<std::vector<std::string>>(),
        "only these variants (repeatable; default: ten shipped variants)")(
        "verbose", "print each position's node count and best move")(
        "threads", po::value<int>()->default_value(1),
        "search threads (Lazy SMP); with more than one the node count varies from run to run, "
        "and the time to finish the depth (printed) is what to compare");
    po::positional_options_description pos;
    pos.add("depth", 1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
        if (vm.count("help")) {
            std::cout
                << "Usage: timur bench [DEPTH] [--variant NAME]... [--threads N] [--verbose]\n"
                   "Searches a fixed set of positions of the shipped variants to DEPTH\n"
                   "plies (default 6) and prints the total nodes and nodes per second.\n\n"
                << opts;
            return kExitOk;
        }
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "timur bench: " << e.what() << "; see timur bench --help\n";
        return kExitUsage;
    }
    int depth = vm["depth"].as<int>();
    if (depth < 1 || depth > 40) {
        std::cerr << "timur bench: the depth must be 1..40\n";
        return kExitUsage;
    }
    int threads = vm["threads"].as<int>();
    if (threads < 1 || threads > kMaxThreads) {
        std::cerr << "timur bench: the threads must be 1.." << kMaxThreads << '\n';
        return kExitUsage;
    }
    std::vector<std::string> names =
        vm.count("variant") ? vm["variant"].as<std::vector<std::string>>() : benchVariants();
    bool verbose = vm.count("verbose") > 0;
    std::uint64_t total = 0;
    std::int64_t totalMs = 0;
    try {
        // Every position first, so that a terminal's progress line knows how many there are.
        struct Job {
            std::string name;
            std::shared_ptr<const Variant> variant;
            std::string fen;
        };
        std::vector<Job> jobs;
        for (const std::string& name : names) {
            auto variant = loadVariant(name);
            for (const std::string& fen : benchFens(variant)) jobs.push_back({name, variant, fen});
        }
        ProgressLine progress;
        for (size_t i = 0; i < jobs.size(); ++i) {
            const Job& job = jobs[i];
            progress.update(double(i) / double(jobs.size()),
                            "bench depth " + std::to_string(depth) + ": position " +
                                std::to_string(i + 1) + " of " + std::to_string(jobs.size()) +
                                " (" + job.name + "), " + std::to_string(total) + " nodes");
            Position p(job.variant);
            p.setFen(job.fen);
            Search search;  // fresh tables: the count does not depend on earlier positions
            search.setHashMb(16);
            search.setThreads(threads);
            SearchLimits limits;
            limits.depth = depth;
            auto start = std::chrono::steady_clock::now();
            SearchResult r = search.run(p, limits);
            totalMs += std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::steady_clock::now() - start)
                           .count();
            total += r.info.nodes;
            if (verbose) {
                progress.clear();
                std::cout << job.name << " " << job.fen << " : " << r.info.nodes << " nodes, best "
                          << (r.bestText.empty() ? "(none)" : r.bestText) << " score "
                          << r.info.score << '\n';
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "timur bench: " << e.what() << '\n';
        return kExitUsage;
    }
    if (threads > 1) std::cout << "Time to depth " << depth << ": " << totalMs << " ms\n";
    std::cout << "Nodes searched: " << total << '\n';
    std::cout << "Nodes/second: "
              << (total * 1000 / std::uint64_t(std::max<std::int64_t>(1, totalMs))) << '\n';
    return kExitOk;
}

}  // namespace timur::cli
