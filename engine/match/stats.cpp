#include "engine/match/stats.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace timur::match {

namespace {

// The logistic Elo difference of a score p (0 < p < 1).
double eloOf(double p) {
    return -400.0 * std::log10(1.0 / p - 1.0);
}

// cutechess's approximation of the inverse error function (Winitzki), kept so that our error
// margins print the same digits as cutechess.
double erfInv(double x) {
    const double pi = 3.1415926535897;
    double a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
    double y = std::log(1.0 - x * x);
    double z = 2.0 / (pi * a) + y / 2.0;
    double r = std::sqrt(std::sqrt(z * z - y / a) - z);
    return x < 0 ? -r : r;
}

double phiInv(double p) {
    return std::sqrt(2.0) * erfInv(2.0 * p - 1.0);
}

// Win/loss/draw probabilities and their BayesElo form (bayesElo, drawElo).
struct Wld {
    double win, loss, draw;
};
struct BayesElo {
    double elo, drawElo;
};

BayesElo toBayes(const Wld& p) {
    return {200.0 * std::log10(p.win / p.loss * (1.0 - p.loss) / (1.0 - p.win)),
            200.0 * std::log10((1.0 - p.loss) / p.loss * (1.0 - p.win) / p.win)};
}

Wld fromBayes(const BayesElo& b) {
    Wld p;
    p.win = 1.0 / (1.0 + std::pow(10.0, (b.drawElo - b.elo) / 400.0));
    p.loss = 1.0 / (1.0 + std::pow(10.0, (b.drawElo + b.elo) / 400.0));
    p.draw = 1.0 - p.win - p.loss;
    return p;
}

// The factor from logistic Elo to BayesElo at a given draw Elo.
double bayesScale(double drawElo) {
    double x = std::pow(10.0, -drawElo / 400.0);
    return 4.0 * x / ((1.0 + x) * (1.0 + x));
}

std::string fixed(double v, int digits) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (std::isnan(v)) return "nan";
    if (std::fabs(v) < 0.5 * std::pow(10.0, -digits)) v = 0;  // no "-0.0"
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

double number(const std::string& text, const std::string& key) {
    try {
        size_t used = 0;
        double v = std::stod(text, &used);
        if (used != text.size()) throw std::invalid_argument(key);
        return v;
    } catch (const std::logic_error&) {
        throw std::invalid_argument("bad value for " + key + ": '" + text + "'");
    }
}

}  // namespace

double Score::ratio() const {
    if (!games()) return 0.5;
    return (wins + 0.5 * draws) / games();
}

EloEstimate estimateElo(const Score& s) {
    EloEstimate e;
    int n = s.games();
    if (!n) return e;
    double w = double(s.wins) / n, l = double(s.losses) / n, d = double(s.draws) / n;
    double mu = w + d / 2.0;
    double dev = w * (1.0 - mu) * (1.0 - mu) + l * mu * mu + d * (0.5 - mu) * (0.5 - mu);
    double stdev = std::sqrt(dev) / std::sqrt(double(n));
    const double inf = std::numeric_limits<double>::infinity();
    if (mu <= 0 || mu >= 1) {
        e.diff = mu <= 0 ? -inf : inf;
        e.margin = inf;
    } else {
        e.diff = eloOf(mu);
        double muMin = mu + phiInv(0.025) * stdev, muMax = mu + phiInv(0.975) * stdev;
        double hi = muMax >= 1 ? inf : eloOf(muMax);
        double lo = muMin <= 0 ? -inf : eloOf(muMin);
        e.margin = (hi - lo) / 2.0;
    }
    if (s.wins + s.losses > 0)
        e.los = 100.0 *
                (0.5 + 0.5 * std::erf((s.wins - s.losses) / std::sqrt(2.0 * (s.wins + s.losses))));
    e.drawRatio = 100.0 * d;
    return e;
}

SprtParams parseSprt(const std::string& text) {
    SprtParams p;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        auto eq = item.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("expected KEY=VALUE in --sprt, got '" + item + "'");
        std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        double v = number(value, key);
        if (key == "elo0")
            p.elo0 = v;
        else if (key == "elo1")
            p.elo1 = v;
        else if (key == "alpha")
            p.alpha = v;
        else if (key == "beta")
            p.beta = v;
        else
            throw std::invalid_argument("unknown --sprt key '" + key + "'");
    }
    if (!(p.alpha > 0 && p.alpha < 1 && p.beta > 0 && p.beta < 1))
        throw std::invalid_argument("--sprt alpha and beta must be between 0 and 1");
    if (!(p.elo1 > p.elo0)) throw std::invalid_argument("--sprt needs elo1 > elo0");
    return p;
}

SprtStatus sprtStatus(const SprtParams& p, const Score& s) {
    SprtStatus st;
    st.lowerBound = std::log(p.beta / (1.0 - p.alpha));
    st.upperBound = std::log((1.0 - p.beta) / p.alpha);
    if (s.wins + s.losses <= 0) return st;
    // The draw rate is estimated from the games. Where a count is still zero (a variant that
    // rarely draws, one side far stronger) every count gets half a game, so that the test moves
    // instead of staying at zero for the whole match (cutechess waits for one of each).
    bool someZero = s.wins <= 0 || s.losses <= 0 || s.draws <= 0;
    double pad = someZero ? 0.5 : 0.0, n = s.games() + 3 * pad;
    Wld sample{(s.wins + pad) / n, (s.losses + pad) / n, 0};
    sample.draw = 1.0 - sample.win - sample.loss;
    BayesElo b = toBayes(sample);
    double scale = bayesScale(b.drawElo);
    Wld p0 = fromBayes({p.elo0 / scale, b.drawElo});
    Wld p1 = fromBayes({p.elo1 / scale, b.drawElo});
    st.llr = s.wins * std::log(p1.win / p0.win) + s.losses * std::log(p1.loss / p0.loss) +
             s.draws * std::log(p1.draw / p0.draw);
    if (st.llr > st.upperBound)
        st.result = SprtStatus::AcceptH1;
    else if (st.llr < st.lowerBound)
        st.result = SprtStatus::AcceptH0;
    return st;
}

std::string scoreLine(const std::string& a, const std::string& b, const Score& s) {
    return "Score of " + a + " vs " + b + ": " + std::to_string(s.wins) + " - " +
           std::to_string(s.losses) + " - " + std::to_string(s.draws) + "  [" +
           fixed(s.ratio(), 3) + "] " + std::to_string(s.games());
}

std::string eloLine(const Score& s) {
    EloEstimate e = estimateElo(s);
    return "Elo difference: " + fixed(e.diff, 1) + " +/- " + fixed(e.margin, 1) +
           ", LOS: " + fixed(e.los, 1) + " %, DrawRatio: " + fixed(e.drawRatio, 1) + " %";
}

std::string sprtLine(const SprtStatus& st) {
    // Like cutechess: the LLR also as a percentage of the way to the bound it leans to.
    double bound = st.llr >= 0 ? st.upperBound : -st.lowerBound;
    double pct = bound != 0 ? 100.0 * st.llr / bound : 0;
    std::string line = "SPRT: llr " + fixed(st.llr, 3) + " (" + fixed(pct, 1) + "%), lbound " +
                       fixed(st.lowerBound, 2) + ", ubound " + fixed(st.upperBound, 2);
    if (st.result == SprtStatus::AcceptH0) line += " - H0 was accepted";
    if (st.result == SprtStatus::AcceptH1) line += " - H1 was accepted";
    return line;
}

}  // namespace timur::match
