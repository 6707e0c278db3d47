// Texel tuning of the evaluation for any variant (`timur tune`).
//
// 1. playGames: short self-play games in-process (node-limited searches after a few random
//    opening plies), keeping quiet positions (side to move not in check, best move neither a
//    capture nor a promotion) with the game's result.
// 2. fit: the scale K of the logistic curve that maps the static evaluation (White's view) to an
//    expected score is fitted first; then the evaluation's weights (engine/eval_weights.h) and
//    the values of the pieces other than pawn-like ones and royals worth nothing are changed one
//    at a time, by a step that halves when a pass over them all brings nothing, as long as the
//    mean squared error between result and expected score falls (a local search), plus a small
//    pull back to the values it started from (FitOptions::prior), so that parameters the data
//    says little about, or that stand in for each other, do not drift.
// 3. evaluationSection: the result as the variant file's "evaluation" section.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/variant.h"

namespace timur::tune {

struct Sample {
    std::string fen;
    double result = 0.5;  // for White: 1, 0.5 or 0, or an expected score between
};

struct PlayOptions {
    int games = 200;
    std::uint64_t nodes = 2000;  // per move
    int randomPlies = 8;         // random legal moves at the start of each game
    int maxPlies = 400;          // then a draw
    std::uint64_t seed = 1;
};

// Plays the games with the variant's evaluation as it is; progress lines go to `log` if given.
std::vector<Sample> playGames(const std::shared_ptr<const Variant>& variant,
                              const PlayOptions& options, std::ostream* log);

// "FEN | result" lines (result 1, 0.5 or 0 for White, or an expected score between, such as
// another engine's evaluation turned into one), read and written.
void writeSamples(std::ostream& out, const std::vector<Sample>& samples);
std::vector<Sample> readSamples(std::istream& in, const std::string& origin);

struct Parameter {
    std::string name;  // a weight's name, or a piece's letter
    int value = 0;
    int start = 0;  // the value before tuning
    int step = 1;
    int weight = -1;                 // the EvalWeight, or -1 for a piece value
    PieceType piece = kNoPieceType;  // the piece, for a piece value
};

struct FitOptions {
    int passes = 30;          // at most this many passes over the parameters
    bool pieceValues = true;  // tune piece values too
    double validation = 0.1;  // share of the samples held out to check the fit on
    // Weight of the pull back to the start: the loss minimised adds prior times the sum over
    // the parameters of ((value - start) / max(|start|, 8))^2.
    double prior = 0.0005;
    // Piece values stay within this share of their start value either way: left free, the fit
    // drives the values of slow and defensive pieces (xiangqi's elephants and advisors,
    // Tamerlane's) towards nothing, and the engine then loses.
    double valueRange = 0.25;
};

struct FitResult {
    std::vector<Parameter> parameters;
    double k = 1;
    double trainBefore = 0, trainAfter = 0, validBefore = 0, validAfter = 0;
    int passes = 0;
    std::size_t trainSize = 0, validSize = 0;
};

// The parameters of a variant: its weights and its pieces' values (as the evaluator uses them).
std::vector<Parameter> parametersOf(const Variant& variant, bool pieceValues);
// A copy of the variant with these parameters set.
std::shared_ptr<Variant> withParameters(const Variant& variant,
                                        const std::vector<Parameter>& parameters);

FitResult fit(const std::shared_ptr<const Variant>& variant, const std::vector<Sample>& samples,
              const FitOptions& options, std::ostream* log);

// Square corrections (SquareBonus), fitted after the weights: the evaluation is linear in
// them, so all of them are fitted together by gradient descent (Adam) on the same squared error,
// the other weights held, with a pull towards 0 that keeps squares the data rarely shows at
// nothing. The samples are split as `fit` splits them.
struct SquareFitOptions {
    int iterations = 600;
    double validation = 0.1;
    // Weight of the pull to 0: the loss adds prior times the sum of (correction / 100 cp)^2.
    double prior = 0.0002;
    double rate = 1.0;  // Adam's step, centipawns
};

struct SquareFitResult {
    std::vector<SquareBonus> bonus;  // [type]: the variant's own corrections plus the fitted
    double k = 1;
    double trainBefore = 0, trainAfter = 0, validBefore = 0, validAfter = 0;
    std::size_t trainSize = 0, validSize = 0;
};

SquareFitResult fitSquares(const std::shared_ptr<const Variant>& variant,
                           const std::vector<Sample>& samples, const SquareFitOptions& options,
                           std::ostream* log);

// {"pieceValues": {...}, "weights": {...}}: the piece values, and the weights that differ from
// their defaults.
nlohmann::ordered_json evaluationSection(const std::vector<Parameter>& parameters);
// {"N": {"mg": ROWS, "eg": ROWS}, ...}: the corrections of the pieces that have any, as the
// variant file's "evaluation"/"squares" (rows by rank from the owner's side).
nlohmann::ordered_json squaresSection(const Variant& variant,
                                      const std::vector<SquareBonus>& bonus);

}  // namespace timur::tune
