#include "engine/match/runner.h"

#include <atomic>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "engine/match/pgn.h"
#include "engine/movegen.h"
#include "engine/progress.h"
#include "engine/rules.h"
#include "engine/text.h"

namespace timur::match {

std::vector<Opening> readOpenings(std::istream& in, std::shared_ptr<const Variant> variant) {
    std::vector<Opening> out;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        line = line.substr(first);
        Opening o;
        Position pos(variant);
        try {
            std::vector<std::string> w = words(line);
            size_t i = 0;
            if (line.find('/') != std::string::npos) {
                // A FEN, optionally followed by "moves m1 m2 ...".
                std::string fen;
                for (; i < w.size() && w[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + w[i];
                pos.setFen(fen);
                o.fen = pos.fen();
                if (i < w.size()) ++i;
            } else {
                pos.setStart();
            }
            for (; i < w.size(); ++i) {
                const std::string& text = w[i];
                if (text.back() == '.' || text.find("...") != std::string::npos) continue;
                Move m = parseMove(pos, text);
                if (m.isNull()) throw std::invalid_argument("illegal move " + text);
                o.moves.push_back(moveText(pos, m, true));
                pos.makeMove(m);
            }
            MoveList legal;
            generateLegal(pos, legal);
            if (gameEnd(pos, legal).over()) throw std::invalid_argument("the game is already over");
        } catch (const std::exception& e) {
            throw std::invalid_argument("opening line " + std::to_string(number) + ": " + e.what());
        }
        out.push_back(std::move(o));
    }
    return out;
}

Opening randomOpening(std::shared_ptr<const Variant> variant, int plies, std::uint64_t seed,
                      const Opening& base) {
    std::mt19937_64 rng(seed);
    for (int attempt = 0; attempt < 100; ++attempt) {
        Position pos(variant);
        if (base.fen.empty())
            pos.setStart();
        else
            pos.setFen(base.fen);
        Opening o = base;
        bool ok = true;
        for (const std::string& text : base.moves) pos.makeMove(parseMove(pos, text));
        for (int i = 0; i < plies && ok; ++i) {
            MoveList legal;
            generateLegal(pos, legal);
            if (legal.size == 0) {
                ok = false;
                break;
            }
            const Move& m = legal[int(rng() % std::uint64_t(legal.size))];
            o.moves.push_back(moveText(pos, m, true));
            pos.makeMove(m);
            MoveList next;
            generateLegal(pos, next);
            if (gameEnd(pos, next).over()) ok = false;
        }
        if (ok) return o;
    }
    throw MatchError("no random opening of " + std::to_string(plies) + " plies found");
}

std::vector<int> shardGames(int games, int shardIndex, int shardCount) {
    std::vector<int> out;
    for (int g = 0; g < games; ++g)
        if ((g / 2) % shardCount == shardIndex - 1) out.push_back(g);
    return out;
}

std::pair<int, int> parseShard(const std::string& text) {
    size_t slash = text.find('/');
    int k = 0, n = 0;
    try {
        size_t usedK = 0, usedN = 0;
        if (slash == std::string::npos) throw std::invalid_argument("no slash");
        k = std::stoi(text.substr(0, slash), &usedK);
        n = std::stoi(text.substr(slash + 1), &usedN);
        if (usedK != slash || usedN != text.size() - slash - 1) throw std::invalid_argument("junk");
    } catch (const std::exception&) {
        throw std::invalid_argument("bad --shard '" + text + "': expected K/N, as 1/2");
    }
    if (n < 1 || k < 1 || k > n)
        throw std::invalid_argument("bad --shard '" + text + "': K/N needs 1 <= K <= N");
    return {k, n};
}

namespace {

// The progress line of a match on a terminal: "12 of 40 games, score 5 - 4 - 3 [0.54]".
std::string progressText(int done, int total, const Score& s) {
    char ratio[16];
    std::snprintf(ratio, sizeof ratio, "%.3f", s.ratio());
    return std::to_string(done) + " of " + std::to_string(total) + " games, score " +
           std::to_string(s.wins) + " - " + std::to_string(s.losses) + " - " +
           std::to_string(s.draws) + " [" + ratio + "]";
}

}  // namespace

MatchResult runMatch(const MatchOptions& options, std::ostream& out) {
    const std::vector<int> games =
        shardGames(options.games, options.shardIndex, options.shardCount);
    const int total = int(games.size());
    if (total == 0)
        throw MatchError("shard " + std::to_string(options.shardIndex) + "/" +
                         std::to_string(options.shardCount) +
                         " has no games: " + std::to_string(options.games) + " games are " +
                         std::to_string((options.games + 1) / 2) + " pairs");
    const int slots = std::max(1, std::min(options.concurrency, total));
    std::mutex mutex;  // guards everything below and `out`
    MatchResult result;
    std::atomic<int> next{0};
    std::atomic<bool> stop{false};
    std::string fatal;
    std::ofstream pgn;
    if (!options.pgnFile.empty()) {
        pgn.open(options.pgnFile, std::ios::app);
        if (!pgn) throw MatchError("cannot open " + options.pgnFile + " for writing");
    }
    const std::string& nameA = options.first.name;
    const std::string& nameB = options.second.name;
    ProgressLine progress;  // on a terminal only

    // The opening of game g (0-based): pairs of games share one, colours swapped.
    auto openingFor = [&](int g) {
        int pair = g / 2;
        Opening base;
        if (!options.openings.empty())
            base = options.openings[size_t(pair) % options.openings.size()];
        // Random plies extend the opening line, so one start FEN yields many distinct games.
        if (options.randomPlies > 0)
            return randomOpening(options.variant, options.randomPlies,
                                 options.seed * 0x9E3779B97F4A7C15ull + std::uint64_t(pair) + 1,
                                 base);
        return base;
    };

    auto worker = [&]() {
        std::unique_ptr<EngineDriver> a, b;
        try {
            a = EngineDriver::create(options.first);
            b = EngineDriver::create(options.second);
            a->setDebug(options.debug);
            b->setDebug(options.debug);
            a->start();
            b->start();
        } catch (const std::exception& e) {
            std::lock_guard lock(mutex);
            if (fatal.empty()) fatal = e.what();
            stop = true;
            return;
        }
        for (;;) {
            if (stop) break;
            int i = next++;
            if (i >= total) break;
            int g = games[size_t(i)];
            bool aWhite = g % 2 == 0;
            EngineDriver& white = aWhite ? *a : *b;
            EngineDriver& black = aWhite ? *b : *a;
            GameRecord rec;
            a->setGame(g + 1);
            b->setGame(g + 1);
            try {
                rec = playGame(white, black, options.variant, openingFor(g), options.game, g + 1);
            } catch (const std::exception& e) {
                std::lock_guard lock(mutex);
                if (fatal.empty()) fatal = e.what();
                stop = true;
                break;
            }
            std::lock_guard lock(mutex);
            if (stop && !fatal.empty()) break;
            progress.clear();
            ++result.gamesPlayed;
            bool aWon = (rec.result == GameResult::WhiteWins) == aWhite;
            if (rec.result == GameResult::Draw)
                ++result.score.draws;
            else if (rec.result != GameResult::None)
                ++(aWon ? result.score.wins : result.score.losses);
            out << "Finished game " << rec.number << " (" << rec.white << " vs " << rec.black
                << "): " << resultText(rec.result) << " {" << rec.comment << "}\n";
            out << scoreLine(nameA, nameB, result.score) << '\n';
            if (options.sprt) {
                result.sprt = sprtStatus(*options.sprt, result.score);
                out << sprtLine(*result.sprt) << '\n';
                if (result.sprt->result != SprtStatus::Continue) stop = true;
            }
            out.flush();
            if (pgn) {
                writePgn(pgn, rec, PgnInfo{}, options.variant);
                pgn.flush();
            }
            progress.update(double(result.gamesPlayed) / total,
                            progressText(result.gamesPlayed, total, result.score), true);
        }
        a->quit();
        b->quit();
    };

    std::vector<std::thread> threads;
    for (int i = 0; i < slots; ++i) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    progress.clear();
    if (!fatal.empty()) throw MatchError(fatal);

    out << scoreLine(nameA, nameB, result.score) << '\n';
    out << eloLine(result.score) << '\n';
    if (options.sprt) {
        result.sprt = sprtStatus(*options.sprt, result.score);
        out << sprtLine(*result.sprt) << '\n';
    }
    out << "Finished match\n";
    out.flush();
    return result;
}

}  // namespace timur::match
