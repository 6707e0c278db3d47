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

// The samples loaded as positions, training and held-out: every tenth (by default) is held
// out, so that neighbouring positions of one game go to both sides less than a random split
// would send them.
struct Split {
    Data train, valid;
};
Split splitSamples(const std::shared_ptr<const Variant>& variant,
                   const std::vector<Sample>& samples, double validation) {
    std::vector<Sample> train, valid;
    std::size_t every = validation > 0 ? std::size_t(std::max(2L, std::lround(1 / validation))) : 0;
    for (std::size_t i = 0; i < samples.size(); ++i)
        (every && i % every == every - 1 ? valid : train).push_back(samples[i]);
    return {load(variant, train, 0, train.size()), load(variant, valid, 0, valid.size())};
}

// The square corrections as a linear model: each position's evaluation (White's view) and, per
// piece on the board, the parameters it reads with their factors (+-phase share; mg and eg).
struct SquareFeatures {
    std::vector<double> evals;
    std::vector<std::uint32_t> start;  // [position]: its first entry; one more at the end
    std::vector<std::uint32_t> param;
    std::vector<float> factor;
};

// The index of a square correction among the fitted parameters: by type, then cell, then phase.
std::size_t squareParam(std::size_t type, int cells, int cell, bool endgame) {
    return (type * std::size_t(cells) + std::size_t(cell)) * 2 + endgame;
}

SquareFeatures squareFeatures(const Evaluator& eval, const Variant& v, const Data& d) {
    const Geometry& g = v.board;
    const int cells = SquareBonus::cells(g);
    const int types = int(v.pieces.size());
    SquareFeatures f;
    std::vector<int> e = evaluations(eval, d);
    f.evals.assign(e.begin(), e.end());
    for (const Position& pos : d.positions) {
        f.start.push_back(std::uint32_t(f.param.size()));
        float mg = float(eval.phase(pos)) / 256, eg = 1 - mg;
        for (int c = 0; c < 2; ++c) {
            float sign = c == White ? 1 : -1;
            for (int t = 0; t < types; ++t) {
                const SquareSet& s = pos.pieces(Color(c), PieceType(t));
                for (size_t sq = s._Find_first(); sq < s.size(); sq = s._Find_next(sq)) {
                    int cell = SquareBonus::index(g, Color(c), int(sq));
                    for (bool endgame : {false, true}) {
                        f.param.push_back(std::uint32_t(squareParam(t, cells, cell, endgame)));
                        f.factor.push_back(sign * (endgame ? eg : mg));
                    }
                }
            }
        }
    }
    f.start.push_back(std::uint32_t(f.param.size()));
    return f;
}

// The variant's corrections plus `delta` (by SquareFeatures' parameter index), rounded.
std::vector<SquareBonus> withDelta(const Variant& v, const std::vector<double>& delta) {
    const int cells = SquareBonus::cells(v.board);
    std::vector<SquareBonus> out(v.pieces.size());
    for (std::size_t t = 0; t < out.size(); ++t) {
        SquareBonus& b = out[t];
        if (t < v.squareBonus.size() && !v.squareBonus[t].mg.empty())
            b = v.squareBonus[t];
        else
            b.mg.assign(std::size_t(cells), 0), b.eg.assign(std::size_t(cells), 0);
        for (int i = 0; i < cells; ++i) {
            b.mg[std::size_t(i)] += int(std::lround(delta[squareParam(t, cells, i, false)]));
            b.eg[std::size_t(i)] += int(std::lround(delta[squareParam(t, cells, i, true)]));
        }
    }
    return out;
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
    auto [td, vd] = splitSamples(variant, samples, options.validation);
    out.trainSize = td.positions.size();
    out.validSize = vd.positions.size();
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

SquareFitResult fitSquares(const std::shared_ptr<const Variant>& variant,
                           const std::vector<Sample>& samples, const SquareFitOptions& options,
                           std::ostream* log) {
    SquareFitResult out;
    auto [td, vd] = splitSamples(variant, samples, options.validation);
    out.trainSize = td.positions.size();
    out.validSize = vd.positions.size();
    Evaluator eval(variant);
    SquareFeatures f = squareFeatures(eval, *variant, td);
    out.k = fitK(evaluations(eval, td), td.results);
    out.trainBefore = loss(evaluations(eval, td), td.results, out.k);
    out.validBefore = loss(evaluations(eval, vd), vd.results, out.k);

    const std::size_t n = td.positions.size();
    const std::size_t params =
        squareParam(variant->pieces.size(), SquareBonus::cells(variant->board), 0, false);
    std::vector<double> delta(params, 0), grad(params), m1(params, 0), m2(params, 0);
    const double slope = std::log(10.0) * out.k / 400;  // d(10-based logistic)/d(cp), unscaled
    const double pull = 2 * options.prior / (100.0 * 100.0);
    for (int it = 1; it <= options.iterations; ++it) {
        std::fill(grad.begin(), grad.end(), 0.0);
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i) {
            double e = f.evals[i];
            for (std::uint32_t j = f.start[i]; j < f.start[i + 1]; ++j)
                e += delta[f.param[j]] * f.factor[j];
            double p = 1 / (1 + std::pow(10.0, -out.k * e / 400));
            double err = td.results[i] - p;
            sum += err * err;
            double g = -2 * err * p * (1 - p) * slope / double(n);
            for (std::uint32_t j = f.start[i]; j < f.start[i + 1]; ++j)
                grad[f.param[j]] += g * f.factor[j];
        }
        // Adam: each parameter's step scaled by its own gradient's size, so rare squares move
        // as surely as common ones.
        const double b1 = 0.9, b2 = 0.999;
        for (std::size_t j = 0; j < params; ++j) {
            double gj = grad[j] + pull * delta[j];
            m1[j] = b1 * m1[j] + (1 - b1) * gj;
            m2[j] = b2 * m2[j] + (1 - b2) * gj * gj;
            double mh = m1[j] / (1 - std::pow(b1, it)), vh = m2[j] / (1 - std::pow(b2, it));
            delta[j] -= options.rate * mh / (std::sqrt(vh) + 1e-12);
        }
        if (log && (it % 100 == 0 || it == options.iterations))
            *log << "squares, iteration " << it << ": loss " << sum / double(n) << std::endl;
    }
    out.bonus = withDelta(*variant, delta);
    auto fitted = std::make_shared<Variant>(*variant);
    fitted->squareBonus = out.bonus;
    Evaluator after(fitted);
    out.trainAfter = loss(evaluations(after, td), td.results, out.k);
    out.validAfter = loss(evaluations(after, vd), vd.results, out.k);
    return out;
}

nlohmann::ordered_json squaresSection(const Variant& variant,
                                      const std::vector<SquareBonus>& bonus) {
    const int half = SquareBonus::halfFiles(variant.board);
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (std::size_t t = 0; t < bonus.size() && t < variant.pieces.size(); ++t) {
        const SquareBonus& b = bonus[t];
        auto nonZero = [](const std::vector<int>& x) {
            return std::any_of(x.begin(), x.end(), [](int y) { return y != 0; });
        };
        if (!nonZero(b.mg) && !nonZero(b.eg)) continue;
        nlohmann::ordered_json piece;
        for (const auto& [name, values] : {std::pair{"mg", &b.mg}, std::pair{"eg", &b.eg}}) {
            nlohmann::ordered_json rows = nlohmann::ordered_json::array();
            for (int r = 0; r < variant.board.ranks; ++r)
                rows.push_back(
                    std::vector<int>(values->begin() + r * half, values->begin() + (r + 1) * half));
            piece[name] = rows;
        }
        out[variant.pieces[t].letter] = piece;
    }
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
