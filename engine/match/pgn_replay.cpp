#include "engine/match/pgn_replay.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <ostream>

#include "engine/movegen.h"
#include "engine/rules.h"
#include "engine/xboard_dialect.h"

namespace timur::match {

namespace {

struct PgnMove {
    std::string san;
    bool book = false;  // followed by the comment {book}
};

// The moves of a game's move text: move numbers, the result, NAGs, variations and comments
// left out; a move followed by {book} is marked so.
std::vector<PgnMove> movesOf(const std::string& body) {
    std::vector<PgnMove> moves;
    size_t i = 0;
    int variation = 0;
    while (i < body.size()) {
        char c = body[i];
        if (c == '{') {
            size_t end = body.find('}', i);
            if (end == std::string::npos) end = body.size();
            if (!variation && !moves.empty() && body.compare(i + 1, end - i - 1, "book") == 0)
                moves.back().book = true;
            i = end + 1;
        } else if (c == ';') {
            i = body.find('\n', i);
        } else if (c == '(' || c == ')') {
            variation = std::max(0, variation + (c == '(' ? 1 : -1));
            ++i;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else {
            size_t end = i;
            while (end < body.size() && !std::isspace(static_cast<unsigned char>(body[end])) &&
                   !std::strchr("{};()", body[end]))
                ++end;
            std::string token = body.substr(i, end - i);
            i = end;
            // "12." or "12..." alone, or glued to the move ("12.e4").
            size_t digits = 0;
            while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits])))
                ++digits;
            if (digits && digits < token.size() && token[digits] == '.') {
                size_t rest = token.find_first_not_of('.', digits);
                token = rest == std::string::npos ? "" : token.substr(rest);
            }
            if (variation || token.empty() || token[0] == '$') continue;
            if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") continue;
            moves.push_back({token, false});
        }
    }
    return moves;
}

// SAN without its check mark and annotation ("Nf3+!" -> "Nf3"; "0-0" -> "O-O").
std::string bare(std::string s) {
    while (!s.empty() && std::strchr("+#!?", s.back())) s.pop_back();
    if (s.rfind("0-0", 0) == 0)
        for (char& c : s)
            if (c == '0') c = 'O';
    return s;
}

// The legal move that `san` names, or a null move.
Move findMove(Position& pos, const protocol::XBoardMoves& dialect, const std::string& san) {
    MoveList legal;
    generateLegal(pos, legal);
    const std::string wanted = bare(san);
    for (const Move& m : legal)
        if (bare(dialect.san(pos, m)) == wanted) return m;
    return dialect.parse(pos, san);  // coordinates, as XBoard writes some moves
}

}  // namespace

ReplayReport replayPgn(const std::shared_ptr<const Variant>& variant, std::istream& in,
                       const std::string& origin, std::ostream* log,
                       const std::function<void(const ReplayedGame&)>& onGame) {
    ReplayReport counts;
    const protocol::XBoardMoves dialect(variant);
    const std::string variantTag = protocol::xboardVariantName(*variant).name;
    for (const PgnGame& game : readPgnGames(in, origin)) {
        std::string where = origin + ": game " + std::to_string(counts.games + counts.skipped + 1);
        auto skip = [&](const std::string& why) {
            ++counts.skipped;
            if (log) *log << where << ": skipped: " << why << '\n';
        };
        const std::string& tag = game.variant;
        if (!(tag.empty() ? variantTag == "normal" : tag == variantTag || tag == variant->name)) {
            skip("variant " + (tag.empty() ? std::string("normal") : tag));
            continue;
        }
        if (game.result != "1-0" && game.result != "0-1" && game.result != "1/2-1/2") {
            skip("unfinished");
            continue;
        }
        Position pos(variant);
        try {
            if (game.fen.empty())
                pos.setStart();
            else
                pos.setFen(game.fen);
        } catch (const std::exception& e) {
            skip(std::string("FEN: ") + e.what());
            continue;
        }
        ReplayedGame out;
        out.game = &game;
        bool understood = true;
        for (const PgnMove& pm : movesOf(game.moveText)) {
            Move m = findMove(pos, dialect, pm.san);
            if (m.isNull()) {
                skip("ply " + std::to_string(out.plies.size() + 1) + ", " + pm.san +
                     ", is not legal there");
                understood = false;
                break;
            }
            ReplayedPly ply;
            ply.fen = pos.fen();
            ply.text = moveText(pos, m);
            ply.book = pm.book;
            ply.quiet = !inCheck(pos) && !isCaptureOrPromotion(pos, m);
            out.plies.push_back(std::move(ply));
            pos.makeMove(m);
        }
        if (!understood) continue;
        out.finalFen = pos.fen();
        ++counts.games;
        onGame(out);
    }
    return counts;
}

}  // namespace timur::match
