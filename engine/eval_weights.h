// The evaluation's weights: the numbers engine/evaluate.cpp multiplies its terms by, by name,
// with their defaults. A variant file may set any of them in its "evaluation" section (written by
// `timur tune`); the loader checks the names against this table.
#pragma once

#include <array>
#include <string_view>

namespace timur {

enum EvalWeight : int {
    kWPieceSquareMg,   // % of the piece-square bonus by reach from the square (non-pawns)
    kWPieceSquareEg,   //
    kWPawnAdvanceMg,   // % of the bonus of pawn-like pieces for nearing the promotion zone
    kWPawnAdvanceEg,   //
    kWDoubledMg,       // centipawns per extra pawn-like piece on a file
    kWDoubledEg,       //
    kWIsolatedMg,      // centipawns per pawn-like piece with none of its own on the next files
    kWIsolatedEg,      //
    kWPassedMg,        // % of the passed-pawn bonus, by distance to the promotion zone
    kWPassedEg,        //
    kWPassedRoyalEg,   // centipawns (x/8 per step) for the enemy royal far from a passed pawn
    kWMobilityMg,      // % of the mobility weight (squares attacked, not own-occupied)
    kWMobilityEg,      //
    kWThreatMg,        // x/64 of the value difference of a piece attacked by a cheaper one
    kWThreatEg,        //
    kWHangingMg,       // x/64 of the value of an attacked piece its side does not defend
    kWHangingEg,       //
    kWKingAttack,      // % of the penalty for enemy attacks on a royal's neighbourhood
    kWKingProximity,   // % of the penalty for valuable enemy pieces near a royal
    kWKingShield,      // centipawns per own piece next to a royal (middlegame)
    kWHandBonus,       // % of a piece's value added while it is in hand (drops)
    kWConversion,      // % of the bonus that helps the side ahead convert
    kWReachCurve,      // % of a piece's value change by the value curve of its reach per square
    kWTempo,           // centipawns for the side to move
    kWSemiOpenFileMg,  // centipawns for a file slider on a file without own pawn-like pieces
    kWSemiOpenFileEg,  //
    kWOpenFileMg,      // centipawns more when the file has no enemy pawn-like piece either
    kWOpenFileEg,      //
    kWPairMg,          // per mille of their value for colour-bound sliders of one type on both
                       // colours (the bishop pair)
    kWPairEg,          //
    kWConnectedMg,     // % of the bonus of a pawn-like piece defended by or beside one of its side
    kWConnectedEg,     //
    kWShelter,         // % of the shelter of pawn-like pieces in front of a royal (middlegame)
    kWDrawScale,       // % of the endgame scale's pull towards a draw (material that cannot win)
    kWPhaseMg,         // % of the start's piece material from which the phase is all middlegame
    kWPhaseEg,         // % of it at or below which the phase is all endgame
    kWKingDanger,      // % of the king-danger penalty (attackers, weak squares, safe checks)
    kWPawnValueMg,     // % of a pawn-like piece's value that counts in the middlegame
    kEvalWeightCount
};

struct EvalWeightInfo {
    const char* name;
    int value;  // default
};

inline constexpr std::array<EvalWeightInfo, kEvalWeightCount> kEvalWeightInfo = {{
    {"pieceSquareMg", 100}, {"pieceSquareEg", 100}, {"pawnAdvanceMg", 100}, {"pawnAdvanceEg", 100},
    {"doubledMg", 8},       {"doubledEg", 16},      {"isolatedMg", 8},      {"isolatedEg", 12},
    {"passedMg", 100},      {"passedEg", 100},      {"passedRoyalEg", 4},   {"mobilityMg", 100},
    {"mobilityEg", 100},    {"threatMg", 10},       {"threatEg", 8},        {"hangingMg", 6},
    {"hangingEg", 4},       {"kingAttack", 100},    {"kingProximity", 100}, {"kingShield", 5},
    {"handBonus", 10},      {"conversion", 100},    {"reachCurve", 0},      {"tempo", 10},
    {"semiOpenFileMg", 20}, {"semiOpenFileEg", 5},  {"openFileMg", 25},     {"openFileEg", 15},
    {"pairMg", 70},         {"pairEg", 140},        {"connectedMg", 100},   {"connectedEg", 100},
    {"shelter", 100},       {"drawScale", 100},     {"phaseMg", 100},       {"phaseEg", 0},
    {"kingDanger", 0},      {"pawnValueMg", 100},
}};

using EvalWeights = std::array<int, kEvalWeightCount>;

inline EvalWeights defaultEvalWeights() {
    EvalWeights w{};
    for (int i = 0; i < kEvalWeightCount; ++i) w[i] = kEvalWeightInfo[i].value;
    return w;
}

// The index of the weight called `name`, or -1.
inline int evalWeightIndex(std::string_view name) {
    for (int i = 0; i < kEvalWeightCount; ++i)
        if (name == kEvalWeightInfo[i].name) return i;
    return -1;
}

}  // namespace timur
