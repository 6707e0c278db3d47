#include "engine/match/pgn.h"

#include <ctime>
#include <sstream>

namespace timur::match {

namespace {

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::string today() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    return buf;
}

// Braces inside a comment (a claim's own comment) become parentheses.
std::string commentText(const std::string& s) {
    std::string out;
    for (char c : s) out += c == '}' ? ')' : c == '{' ? '(' : c;
    return out;
}

}  // namespace

void writePgn(std::ostream& out, const GameRecord& g, const PgnInfo& info) {
    const char* result = resultText(g.result);
    auto tag = [&](const std::string& name, const std::string& value) {
        out << '[' << name << " \"" << escape(value) << "\"]\n";
    };
    tag("Event", info.event);
    tag("Site", info.site);
    tag("Date", info.date.empty() ? today() : info.date);
    tag("Round", std::to_string(g.number));
    tag("White", g.white);
    tag("Black", g.black);
    tag("Result", result);
    tag("Variant", g.variant);
    if (!g.variantStart) {
        tag("SetUp", "1");
        tag("FEN", g.startFen);
    }
    tag("TimeControl", g.tc.pgnTag());
    tag("PlyCount", std::to_string(g.moves.size()));
    if (!g.termination.empty()) tag("Termination", g.termination);
    out << '\n';

    // Move numbers from the start FEN's side to move and full-move number.
    std::istringstream fen(g.startFen);
    std::string board, side, castling, ep, half, full;
    fen >> board >> side >> castling >> ep >> half >> full;
    int moveNumber = 1;
    try {
        if (!full.empty()) moveNumber = std::max(1, std::stoi(full));
    } catch (const std::exception&) {
    }
    bool blackToMove = side == "b";

    std::string line;
    auto emit = [&](const std::string& token) {
        if (!line.empty() && line.size() + 1 + token.size() > 79) {
            out << line << '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + token;
    };
    for (size_t i = 0; i < g.moves.size(); ++i) {
        if (!blackToMove)
            emit(std::to_string(moveNumber) + ".");
        else if (i == 0)
            emit(std::to_string(moveNumber) + "...");
        emit(g.moves[i]);
        if (int(i) < g.openingPlies) emit("{book}");
        if (blackToMove) ++moveNumber;
        blackToMove = !blackToMove;
    }
    if (!g.comment.empty()) emit(std::string("{").append(commentText(g.comment)).append("}"));
    emit(result);
    out << line << "\n\n";
}

}  // namespace timur::match
