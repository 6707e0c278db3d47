// The `setup` and `piece` lines that define a variant XBoard does not know
// (engine/xboard_dialect.h): XBoard draws the board from the setup line's piece-to-char table and
// FEN, and checks moves with each piece line's XBetza.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <sstream>

#include "engine/xboard_dialect.h"
#include "engine/xboard_piece_names.h"
#include "notation/parse.h"

namespace timur::protocol {

namespace {

int preferredSlot(const std::string& xbetza) {
    static const std::pair<const char*, int> table[] = {
        {"N", 1},      {"B", 2},   {"R", 3},   {"Q", 4},   {"F", 5},    {"A", 6},
        {"BN", 7},     {"NB", 7},  {"RN", 8},  {"NR", 8},  {"W", 9},    {"K", 10},
        {"mRcpR", 11}, {"NN", 12}, {"N0", 12}, {"gQ", 15}, {"FfW", 16}, {"fR", 18},
    };
    for (const auto& [d, slot] : table)
        if (xbetza == d) return slot;
    return -1;
}

std::string blackLetter(std::string letter) {
    for (char& c : letter)
        if (std::isalpha(static_cast<unsigned char>(c))) {
            c = char(std::tolower(static_cast<unsigned char>(c)));
            break;
        }
    return letter;
}

bool shogiPromoted(const Variant& v, size_t t) {
    return !v.pieces[t].letter.empty() && v.pieces[t].letter.front() == '+';
}

// The type a shogi-style promoted type ("+X") is the promotion of: X, if X promotes to it.
PieceType promotedFrom(const Variant& v, size_t t) {
    if (!shogiPromoted(v, t)) return kNoPieceType;
    PieceType base = v.pieceByLetter(v.pieces[t].letter.substr(1));
    return base != kNoPieceType && v.pieces[base].promotesTo == PieceType(t) ? base : kNoPieceType;
}

// Pieces that get a picture: every non-promoted type, and each shogi-style promoted type
// ("+X") of a piece X, which the table marks as X's partner ("^X").
bool shown(const Variant& v, size_t t) {
    if (v.pieces[t].letter.empty()) return false;
    return !shogiPromoted(v, t) || promotedFrom(v, t) != kNoPieceType;
}

bool hasShogiPromotions(const Variant& v) {
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (promotedFrom(v, t) != kNoPieceType) return true;
    return false;
}

// The file of the first piece `letter` on one rank of a FEN's board, or -1.
int fileOfLetter(const std::string& rank, const std::string& letter) {
    int file = 0;
    for (size_t i = 0; i < rank.size();) {
        if (std::isdigit(static_cast<unsigned char>(rank[i]))) {
            int n = 0;
            while (i < rank.size() && std::isdigit(static_cast<unsigned char>(rank[i])))
                n = n * 10 + (rank[i++] - '0');
            file += n;
        } else if (rank.compare(i, letter.size(), letter) == 0) {
            return file;
        } else if (rank[i] == '*' || std::isalpha(static_cast<unsigned char>(rank[i]))) {
            ++file;
            ++i;
            while (i < rank.size() && (rank[i] == '\'' || rank[i] == '!' || rank[i] == '~')) ++i;
        } else {
            ++i;  // '+' of a promoted piece
        }
    }
    return -1;
}

// How far the castling royal moves: from its start file on the castling rank of the start
// position to its kingside file (2 if it is not there).
int castlingDistance(const Variant& v, const CastlingRule& castling) {
    std::string board = v.startFen.substr(0, v.startFen.find(' '));
    std::vector<std::string> ranks;
    std::stringstream ss(board);
    std::string r;
    while (std::getline(ss, r, '/')) ranks.push_back(r);
    int row = v.board.ranks - 1 - castling.rank;
    if (row < 0 || row >= int(ranks.size())) return 2;
    int file = fileOfLetter(ranks[row], v.pieces[castling.king].letter);
    return file < 0 ? 2 : std::abs(castling.kingsideKingFile - file);
}

// The XBetza of a piece for a `piece` line, with castling added to the castling royal.
std::optional<std::string> pieceDescription(const Variant& v, PieceType t) {
    auto d = betza::toXBetza(v.pieces[t].moves);
    if (!d) return d;
    const auto& castling = v.rules.castling;
    if (castling && castling->king == t && d->find('O') == std::string::npos) {
        *d += 'O';  // appended apart: `"O" + text` trips GCC 12 -Wrestrict here
        *d += std::to_string(std::max(1, castlingDistance(v, *castling)));
    }
    return d;
}

// The types the moves of some rule turn a piece into: promotion choices (or the promotesTo of
// the rule's pieces) and what a placement makes of the placed piece. Their promotion suffix
// must be one letter.
std::vector<bool> promotionTargets(const Variant& v) {
    std::vector<bool> target(v.pieces.size(), false);
    for (const PromotionRule& rule : v.rules.promotions) {
        for (PieceType c : rule.choices) target[c] = true;
        if (rule.choices.empty())
            for (PieceType p : rule.pieces)
                if (v.pieces[p].promotesTo != kNoPieceType) target[v.pieces[p].promotesTo] = true;
    }
    for (const PlacementRule& rule : v.rules.placements) target[rule.becomes] = true;
    return target;
}

// Upper-case letters free for nicknames: no piece's letter starts with them, and 'X' is XBoard's
// mark of a multi-leg capture in a move's suffix.
std::string freeNicknames(const Variant& v) {
    std::string free;
    for (char c : std::string("JLGHIMOQUWYBACDEFKNPRSTVZ")) {
        bool used = c == 'X';
        for (const PieceSpec& p : v.pieces) used = used || p.letter.find(c) != std::string::npos;
        if (!used) free += c;
    }
    return free;
}

// Free XBoard types for pieces that name none: pictures of fairy pieces first. Left out: type 29
// (XBoard names its picture "Lance" too) and type 21, the Lion, to which XBoard applies chu's
// Lion-capture rules in every variant (moves.c CheckTest, backend.c ApplyMove).
std::vector<int> fallbackTypes() {
    std::vector<int> order = {13, 14, 17, 19, 20, 12, 15, 7, 8, 11, 16,
                              18, 5,  6,  9,  10, 1,  2,  3, 4, 0};
    for (int s = 22; s < kXBoardKingType; ++s)
        if (s != 29) order.push_back(s);
    return order;
}

// Free XBoard types for shogi-style promoted types: XBoard's pictures of promoted pieces (46-64)
// first, then the other fairy ones; never 0-21, whose default promotion partners (type +-11)
// XBoard keeps for an unpromoted piece that the table gives no partner.
std::vector<int> promotedFallbackTypes() {
    std::vector<int> order;
    for (int s = 46; s < kXBoardKingType; ++s) order.push_back(s);
    for (int s = 22; s < 46; ++s)
        if (s != 29) order.push_back(s);
    return order;
}

// Each shown type's XBoard type: the one it names, the King for the first royal, the Prince
// (type 50) for a second one (XBoard's chu counts a King and a Prince as its royals), the picture
// its moves suggest, then the free ones.
std::vector<int> assignTypes(const Variant& v, const std::vector<std::string>& descriptions) {
    std::vector<int> typeOf(v.pieces.size(), -1);
    std::vector<bool> taken(kXBoardPieceNames.size(), false);
    auto give = [&](size_t t, int x) { typeOf[t] = x, taken[size_t(x)] = true; };
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (shown(v, t) && !v.pieces[t].xboardPiece.empty())
            give(t, xboardPieceType(v.pieces[t].xboardPiece));
    const int prince = xboardPieceType("Prince");
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (shown(v, t) && v.pieces[t].royal && typeOf[t] < 0) {
            if (!taken[kXBoardKingType])
                give(t, kXBoardKingType);
            else if (!taken[size_t(prince)])
                give(t, prince);
        }
    for (size_t t = 0; t < v.pieces.size(); ++t) {
        if (typeOf[t] >= 0 || !shown(v, t) || shogiPromoted(v, t)) continue;
        int x = !v.info.promotionRules[t].empty() ? 0 : preferredSlot(descriptions[t]);
        if (x >= 0 && !taken[size_t(x)]) give(t, x);
    }
    const std::vector<int> order = fallbackTypes(), promotedOrder = promotedFallbackTypes();
    for (size_t t = 0; t < v.pieces.size(); ++t) {
        if (typeOf[t] >= 0 || !shown(v, t)) continue;
        for (int x : shogiPromoted(v, t) ? promotedOrder : order)
            if (!taken[size_t(x)]) {
                give(t, x);
                break;
            }
    }
    return typeOf;
}

// One side's half of the piece-to-char table: XBoard types 0.. in order ('.' for a free one),
// at least 21 of them, then the King's letter.
std::string tableHalf(const Variant& v, const XBoardPieces& x, Color side) {
    std::vector<int> owner(kXBoardPieceNames.size(), -1);
    int last = 20;
    for (size_t t = 0; t < x.type.size(); ++t)
        if (x.type[t] >= 0) {
            owner[size_t(x.type[t])] = int(t);
            if (x.type[t] != kXBoardKingType) last = std::max(last, x.type[t]);
        }
    auto entry = [&](int xt) {
        if (owner[size_t(xt)] < 0) return std::string(".");
        size_t t = size_t(owner[size_t(xt)]);
        std::string e = side == White ? v.pieces[t].letter : blackLetter(v.pieces[t].letter);
        // A shogi-style promoted type "+X": shown as +X, X's promotion partner.
        if (shogiPromoted(v, t)) e.front() = '^';
        if (x.nickname[t])
            e += std::string("=") +
                 char(side == White ? x.nickname[t]
                                    : std::tolower(static_cast<unsigned char>(x.nickname[t])));
        return e;
    };
    std::string half;
    for (int xt = 0; xt <= last; ++xt) half += entry(xt);
    return half + entry(kXBoardKingType);
}

std::vector<std::string> pieceDescriptions(const Variant& v) {
    std::vector<std::string> descriptions(v.pieces.size());
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (shown(v, t)) descriptions[t] = pieceDescription(v, PieceType(t)).value_or("");
    return descriptions;
}

}  // namespace

XBoardPieces xboardPieces(const Variant& v) {
    XBoardPieces x;
    x.type = assignTypes(v, pieceDescriptions(v));
    x.nickname.assign(v.pieces.size(), 0);
    x.suffix.assign(v.pieces.size(), 0);
    std::vector<bool> target = promotionTargets(v);
    std::string free = freeNicknames(v);
    for (size_t t = 0; t < v.pieces.size(); ++t) {
        const std::string& letter = v.pieces[t].letter;
        if (letter.front() == '+') {
            x.suffix[t] = '+';
        } else if (letter.size() == 1) {
            x.suffix[t] = char(std::tolower(static_cast<unsigned char>(letter[0])));
        } else if (target[t] && x.type[t] >= 0 && !free.empty()) {
            x.nickname[t] = free.front();
            free.erase(0, 1);
            x.suffix[t] = char(std::tolower(static_cast<unsigned char>(x.nickname[t])));
        }
    }
    // XBoard turns a move onto an own piece into a swap only when the parent variant has no
    // castling rights (backend.c ApplyMove); "fairy" has them, "shatranj" and "chu" have none.
    // Under "fairy", only XBoard types 0-10 may promote with '+' (moves.c LegalityTest); "chu"
    // lets any piece whose table partner is a "+X" do so, and relays a pass (@@@@) as a move.
    bool shogi = hasShogiPromotions(v);
    x.ownTargetSwaps = v.rules.swap.has_value() || shogi;
    x.parent = shogi ? "chu" : x.ownTargetSwaps ? "shatranj" : "fairy";
    return x;
}

std::vector<std::string> xboardSetup(const Variant& v) {
    std::vector<std::string> descriptions = pieceDescriptions(v);
    XBoardPieces x = xboardPieces(v);
    std::vector<std::string> out;
    out.push_back("setup (" + tableHalf(v, x, White) + tableHalf(v, x, Black) + ") " +
                  std::to_string(v.board.files) + "x" + std::to_string(v.board.ranks) + "+" +
                  std::to_string(xboardHoldings(v)) + "_" + x.parent + " " + v.startFen);
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (x.type[t] >= 0 && !descriptions[t].empty())
            out.push_back("piece " + v.pieces[t].letter + "& " + descriptions[t]);
    return out;
}

}  // namespace timur::protocol
