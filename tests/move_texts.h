// Test helpers: a position's legal moves as sorted move texts, and looking one up.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/position.h"

namespace timur::test {

inline std::vector<std::string> legalTexts(Position& pos) {
    MoveList legal;
    generateLegal(pos, legal);
    std::vector<std::string> out;
    for (const Move& m : legal) out.push_back(moveText(pos, m));
    std::sort(out.begin(), out.end());
    return out;
}

inline bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace timur::test
