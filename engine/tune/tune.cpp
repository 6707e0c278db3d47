#include "engine/tune/tune.h"

#include <algorithm>
#include <cmath>
#include <istream>
#include <ostream>
#include <random>
#include <sstream>

#include "engine/evaluate.h"
#include "engine/movegen.h"
#include "engine/rules.h"
#include "engine/search.h"

namespace timur::tune {

namespace {

double resultFor(GameResult r) {
    return r == GameResult::WhiteWins ? 1.0 : r == GameResult::BlackWins ? 0.0 : 0.5;
}

// One self-play game: its quiet positions, then their result.
std::vector<Sample> playGame(const std::shared_ptr<const Variant>& variant, Search& search,
                             const PlayOptions& o, std::mt19937_64& rng) {
    Position pos(variant);
    pos.setStart();
    search.clearHash();
    SearchLimits limits;
    limits.nodes = o.nodes;
    std::vector<Sample> kept;
    double result = 0.5;
    int decisive = 0, lastSign = 0;  // plies in a row with |score| >= 1000 of one sign
    for (int ply = 0; ply < o.maxPlies; ++ply) {
        MoveList legal;
        generateLegal(pos, legal);
        GameEnd end = gameEnd(pos, legal);
        if (end.over()) {
            result = resultFor(end.result);
            break;
        }
        if (legal.size == 0) break;
        if (ply < o.randomPlies) {
            pos.makeMove(legal[int(rng() % std::uint64_t(legal.size))]);
            continue;
        }
        SearchResult r = search.run(pos, limits);
        if (r.best.isNull()) break;  // a move only the text names: end the game here, a draw
        int white = pos.sideToMove() == White ? r.info.score : -r.info.score;
        int sign = white >= 1000 ? 1 : white <= -1000 ? -1 : 0;
        decisive = sign != 0 && sign == lastSign ? decisive + 1 : (sign != 0);
        lastSign = sign;
        if (decisive >= 6) {
            result = sign > 0 ? 1.0 : 0.0;
            break;
        }
        if (ply >= o.randomPlies + 2 && std::abs(r.info.score) < kMateBound && !inCheck(pos) &&
            !isCaptureOrPromotion(pos, r.best))
            kept.push_back({pos.fen(), 0.5});
        pos.makeMove(r.best);
    }
    for (Sample& s : kept) s.result = result;
    return kept;
}

struct Data {
    std::vector<Position> positions;
    std::vector<double> results;
};

Data load(const std::shared_ptr<const Variant>& variant, const std::vector<Sample>& samples,
          std::size_t begin, std::size_t end) {
    Data d;
    d.positions.reserve(end - begin);
    for (std::size_t i = begin; i < end; ++i) {
        Position p(variant);
        p.setFen(samples[i].fen);
        d.positions.push_back(std::move(p));
        d.results.push_back(samples[i].result);
    }
    return d;
}

// White's view of the static evaluation of each position.
std::vector<int> evaluations(const Evaluator& eval, const Data& d) {
    std::vector<int> e(d.positions.size());
    for (std::size_t i = 0; i < e.size(); ++i) {
        int s = eval.evaluate(d.positions[i]);
        e[i] = d.positions[i].sideToMove() == White ? s : -s;
    }
    return e;
}

double loss(const std::vector<int>& evals, const std::vector<double>& results, double k) {
    if (evals.empty()) return 0;
    double sum = 0;
    for (std::size_t i = 0; i < evals.size(); ++i) {
        double expected = 1.0 / (1.0 + std::pow(10.0, -k * evals[i] / 400.0));
        double err = results[i] - expected;
        sum += err * err;
    }
    return sum / double(evals.size());
}

void apply(Variant& v, const std::vector<Parameter>& parameters) {
    for (const Parameter& p : parameters) {
        if (p.weight >= 0)
            v.evalWeights[p.weight] = p.value;
        else if (p.piece != kNoPieceType)
            v.pieces[p.piece].value = p.value;
    }
}

// The loss with these parameters set in `work` (a copy of the variant, changed in place).
double lossOf(const std::shared_ptr<Variant>& work, const std::vector<Parameter>& params,
              const Data& d, double k) {
    apply(*work, params);
    Evaluator eval(work);
    return loss(evaluations(eval, d), d.results, k);
}

// The pull back to the start values.
double priorOf(const std::vector<Parameter>& params, double prior) {
    double sum = 0;
    for (const Parameter& p : params) {
        double x = double(p.value - p.start) / std::max(8, std::abs(p.start));
        sum += x * x;
    }
    return prior * sum;
}

// The K that minimises the loss of these evaluations (golden-section search on [0.05, 5]).
double fitK(const std::vector<int>& evals, const std::vector<double>& results) {
    double a = 0.05, b = 5.0;
    const double phi = (std::sqrt(5.0) - 1) / 2;
    double c = b - phi * (b - a), dd = a + phi * (b - a);
    double fc = loss(evals, results, c), fd = loss(evals, results, dd);
    for (int i = 0; i < 60; ++i) {
        if (fc < fd) {
            b = dd, dd = c, fd = fc;
            c = b - phi * (b - a), fc = loss(evals, results, c);
        } else {
            a = c, c = dd, fc = fd;
            dd = a + phi * (b - a), fd = loss(evals, results, dd);
        }
    }
    return (a + b) / 2;
}

}  // namespace

std::vector<Sample> playGames(const std::shared_ptr<const Variant>& variant,
                              const PlayOptions& options, std::ostream* log) {
    Search search;
    search.setHashMb(16);
    search.setThreads(1);
    std::vector<Sample> all;
    for (int g = 0; g < options.games; ++g) {
        std::mt19937_64 rng(options.seed * 1000003 + std::uint64_t(g));
        std::vector<Sample> kept = playGame(variant, search, options, rng);
        all.insert(all.end(), kept.begin(), kept.end());
        if (log && ((g + 1) % 10 == 0 || g + 1 == options.games))
            *log << "games " << g + 1 << "/" << options.games << ", positions " << all.size()
                 << std::endl;
    }
    return all;
}

void writeSamples(std::ostream& out, const std::vector<Sample>& samples) {
    for (const Sample& s : samples) out << s.fen << " | " << s.result << '\n';
}

std::vector<Sample> readSamples(std::istream& in, const std::string& origin) {
    std::vector<Sample> out;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty()) continue;
        auto bar = line.rfind('|');
        std::istringstream r(bar == std::string::npos ? "" : line.substr(bar + 1));
        double result = -1;
        r >> result;
        if (bar == std::string::npos || !r || !(result >= 0 && result <= 1))
            throw std::runtime_error(origin + ":" + std::to_string(number) +
                                     ": not 'FEN | RESULT' with RESULT from 0 to 1");
        std::string fen = line.substr(0, bar);
        while (!fen.empty() && fen.back() == ' ') fen.pop_back();
        out.push_back({fen, result});
    }
    return out;
}

std::vector<Parameter> parametersOf(const Variant& variant, bool pieceValues) {
    std::vector<Parameter> out;
    if (pieceValues) {
        for (int t = 0; t < int(variant.pieces.size()) && t < kMaxPieceTypes; ++t) {
            PieceProfile p = pieceProfile(variant, PieceType(t));
            if (p.pawn || p.value <= 0) continue;  // pawns are the unit; royals worth nothing
            Parameter par;
            par.name = variant.pieces[t].letter;
            par.value = par.start = p.value;
            par.step = 16;
            par.piece = PieceType(t);
            out.push_back(par);
        }
    }
    for (int i = 0; i < kEvalWeightCount; ++i) {
        Parameter par;
        par.name = kEvalWeightInfo[i].name;
        par.value = par.start = variant.evalWeights[i];
        par.step = std::max(2, std::abs(par.value) / 8);
        par.weight = i;
        out.push_back(par);
    }
    return out;
}

std::shared_ptr<Variant> withParameters(const Variant& variant,
                                        const std::vector<Parameter>& parameters) {
    auto v = std::make_shared<Variant>(variant);
    apply(*v, parameters);
    return v;
}

FitResult fit(const std::shared_ptr<const Variant>& variant, const std::vector<Sample>& samples,
              const FitOptions& options, std::ostream* log) {
    FitResult out;
    // Every tenth sample (by default) is held out: neighbouring positions of one game go to
    // both sides less than a random split would send them.
    std::vector<Sample> train, valid;
    std::size_t every =
        options.validation > 0 ? std::size_t(std::max(2L, std::lround(1 / options.validation))) : 0;
    for (std::size_t i = 0; i < samples.size(); ++i)
        (every && i % every == every - 1 ? valid : train).push_back(samples[i]);
    Data td = load(variant, train, 0, train.size());
    Data vd = load(variant, valid, 0, valid.size());
    out.trainSize = train.size();
    out.validSize = valid.size();
    std::vector<Parameter> params = parametersOf(*variant, options.pieceValues);
    auto work = std::make_shared<Variant>(*variant);
    {
        Evaluator eval(variant);
        out.k = fitK(evaluations(eval, td), td.results);
    }
    double best = lossOf(work, params, td, out.k);
    out.trainBefore = best;  // the prior is 0 at the start
    out.validBefore = lossOf(work, params, vd, out.k);
    if (log)
        *log << "positions " << td.positions.size() << " (+" << vd.positions.size()
             << " held out), K " << out.k << ", loss " << best << " (held out " << out.validBefore
             << ")" << std::endl;
    for (int pass = 0; pass < options.passes; ++pass) {
        bool improved = false;
        for (Parameter& p : params) {
            for (int dir : {+1, -1}) {
                int old = p.value;
                p.value = old + dir * p.step;
                if (p.weight < 0) {
                    int room = int(std::lround(p.start * options.valueRange));
                    p.value = std::clamp(p.value, std::max(10, p.start - room), p.start + room);
                }
                double l = p.value == old
                               ? best
                               : lossOf(work, params, td, out.k) + priorOf(params, options.prior);
                if (l < best) {
                    best = l;
                    improved = true;
                    break;
                }
                p.value = old;
            }
        }
        out.passes = pass + 1;
        if (log)
            *log << "pass " << pass + 1 << ": loss " << best << " (held out "
                 << lossOf(work, params, vd, out.k) << ")" << std::endl;
        if (!improved) {
            bool smaller = false;
            for (Parameter& p : params)
                if (p.step > 1) p.step /= 2, smaller = true;
            if (!smaller) break;
        }
    }
    out.trainAfter = lossOf(work, params, td, out.k);
    out.validAfter = lossOf(work, params, vd, out.k);
    out.parameters = params;
    return out;
}

nlohmann::ordered_json evaluationSection(const std::vector<Parameter>& parameters) {
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    nlohmann::ordered_json weights = nlohmann::ordered_json::object();
    for (const Parameter& p : parameters) {
        if (p.weight < 0)
            values[p.name] = p.value;
        else if (p.value != kEvalWeightInfo[p.weight].value)
            weights[p.name] = p.value;
    }
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    if (!values.empty()) out["pieceValues"] = values;
    if (!weights.empty()) out["weights"] = weights;
    return out;
}

}  // namespace timur::tune
