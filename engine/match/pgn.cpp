#include "engine/match/pgn.h"

#include <ctime>
#include <sstream>

#include "engine/movegen.h"
#include "engine/xboard_dialect.h"

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

// The moves as PGN readers take them: SAN in XBoard's coordinates where SAN has a form, Timur's
// text where the game stops making sense (it never should: the referee checked every move).
std::vector<std::string> sanMoves(const GameRecord& g, std::shared_ptr<const Variant> variant) {
    std::vector<std::string> out;
    protocol::XBoardMoves dialect(variant);
    Position pos(variant);
    try {
        pos.setFen(g.startFen);
    } catch (const std::exception&) {
        return g.moves;
    }
    for (const std::string& text : g.moves) {
        Move m = parseMove(pos, text);
        if (m.isNull()) {
            out.insert(out.end(), g.moves.begin() + std::ptrdiff_t(out.size()), g.moves.end());
            break;
        }
        out.push_back(dialect.san(pos, m));
        pos.makeMove(m);
    }
    return out;
}

}  // namespace

void writePgn(std::ostream& out, const GameRecord& g, const PgnInfo& info,
              std::shared_ptr<const Variant> variant) {
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
    // XBoard's name of the variant (PGN readers know chess without the tag).
    std::string variantName = variant ? protocol::xboardVariantName(*variant).name : g.variant;
    if (variantName != "normal") tag("Variant", variantName);
    // XBoard starts some variants from another array (courier): the FEN tag says ours.
    bool xboardStartDiffers = variant && variant->xboard && !variant->xboard->start.empty() &&
                              variant->xboard->start != g.startFen;
    if (!g.variantStart || xboardStartDiffers) {
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
    // Search limits beyond the TimeControl (which still bounded the game), before the moves.
    std::string limits;
    if (!g.whiteLimits.empty()) limits = "White: " + g.whiteLimits;
    if (!g.blackLimits.empty())
        limits += (limits.empty() ? "Black: " : "; Black: ") + g.blackLimits;
    if (!limits.empty()) emit("{" + limits + "}");
    const std::vector<std::string> moves = variant ? sanMoves(g, variant) : g.moves;
    for (size_t i = 0; i < moves.size(); ++i) {
        if (!blackToMove)
            emit(std::to_string(moveNumber) + ".");
        else if (i == 0)
            emit(std::to_string(moveNumber) + "...");
        emit(moves[i]);
        if (int(i) < g.openingPlies) emit("{book}");
        if (blackToMove) ++moveNumber;
        blackToMove = !blackToMove;
    }
    if (!g.comment.empty()) emit(std::string("{").append(commentText(g.comment)).append("}"));
    emit(result);
    out << line << "\n\n";
}

}  // namespace timur::match
