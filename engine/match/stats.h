// Match statistics with cutechess's formulas: the score-based Elo difference with a 95% error
// margin from the per-game score variance, the likelihood of superiority, and the sequential
// probability ratio test (the trinomial BayesElo model of cutechess's Sprt class).
#pragma once

#include <string>

namespace timur::match {

struct Score {
    int wins = 0, losses = 0, draws = 0;  // of the first engine
    int games() const { return wins + losses + draws; }
    double ratio() const;  // points per game, 0..1 (0.5 without games)
};

struct EloEstimate {
    double diff = 0;       // Elo difference of the first engine over the second
    double margin = 0;     // half the width of the 95% interval
    double los = 50;       // likelihood of superiority, percent
    double drawRatio = 0;  // percent
};
// Infinite diff/margin when the score is 0 or 1 (cutechess prints "inf" then too).
EloEstimate estimateElo(const Score& s);

struct SprtParams {
    double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};
// Parses "elo0=0,elo1=10,alpha=0.05,beta=0.05" (any subset, any order); throws
// std::invalid_argument.
SprtParams parseSprt(const std::string& text);

struct SprtStatus {
    enum Result { Continue, AcceptH0, AcceptH1 } result = Continue;
    double llr = 0, lowerBound = 0, upperBound = 0;
};
// The log-likelihood ratio stays 0 until there is at least one win, one loss and one draw.
SprtStatus sprtStatus(const SprtParams& p, const Score& s);

// "Score of A vs B: W - L - D  [0.625] 8"
std::string scoreLine(const std::string& a, const std::string& b, const Score& s);
// "Elo difference: 88.7 +/- 261.9, LOS: 81.6 %, DrawRatio: 25.0 %"
std::string eloLine(const Score& s);
// "SPRT: llr 0.331 (11.2%), lbound -2.94, ubound 2.94" (+ " - H0 was accepted" etc.)
std::string sprtLine(const SprtStatus& st);

}  // namespace timur::match
