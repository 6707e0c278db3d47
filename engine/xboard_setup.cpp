// The `setup` and `piece` lines that define a variant XBoard does not know
// (engine/xboard_dialect.h): XBoard draws the board from the setup line's piece-to-char table and
// FEN, and checks moves with each piece line's XBetza.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <sstream>

#include "engine/xboard_dialect.h"
#include "notation/parse.h"

namespace timur::protocol {

namespace {

// XBoard's internal piece types, in the order of its piece-to-char table (common.h). A table of
// n characters per side gives the first n-1 types and then the King; XBoard takes up to 44 a side.
constexpr int kMinTableSlots = 22;
constexpr int kMaxTableSlots = 44;

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

bool promotes(const Variant& v, PieceType t) {
    for (const PromotionRule& rule : v.rules.promotions)
        if (std::find(rule.pieces.begin(), rule.pieces.end(), t) != rule.pieces.end()) return true;
    return false;
}

// Pieces that get a picture: every non-promoted type (promoted shogi-style types have none).
bool shown(const Variant& v, size_t t) {
    return !v.pieces[t].letter.empty() && v.pieces[t].letter.front() != '+';
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

// Which of XBoard's piece types (table slots) each of our types is drawn as.
struct SlotAssignment {
    int slots = 0;
    std::vector<int> slotOf;  // per piece type; -1: not shown
    std::vector<int> owner;   // per slot; -1: free
    void give(size_t t, int slot) { owner[slot] = int(t), slotOf[t] = slot; }
};

// The royal first, then the pieces whose picture XBoard has, then the rest in free slots.
SlotAssignment assignSlots(const Variant& v, const std::vector<std::string>& descriptions) {
    int nonRoyal = 0;
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (shown(v, t) && !v.pieces[t].royal) ++nonRoyal;
    SlotAssignment a;
    a.slots = std::clamp(nonRoyal + 1, kMinTableSlots, kMaxTableSlots);
    a.slotOf.assign(v.pieces.size(), -1);
    a.owner.assign(a.slots, -1);
    int kingSlot = a.slots - 1;
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (shown(v, t) && v.pieces[t].royal && a.owner[kingSlot] < 0) a.give(t, kingSlot);
    for (size_t t = 0; t < v.pieces.size(); ++t) {
        if (a.slotOf[t] >= 0 || !shown(v, t)) continue;
        int slot = promotes(v, PieceType(t)) ? 0 : preferredSlot(descriptions[t]);
        if (slot >= 0 && slot < kingSlot && a.owner[slot] < 0) a.give(t, slot);
    }
    // Free slots for the rest: pictures of fairy pieces first.
    std::vector<int> order = {13, 14, 17, 19, 20, 12, 15, 7, 8, 11, 16,
                              18, 5,  6,  9,  10, 1,  2,  3, 4, 0};
    for (int s = 21; s < kingSlot; ++s) order.push_back(s);
    for (size_t t = 0; t < v.pieces.size(); ++t) {
        if (a.slotOf[t] >= 0 || !shown(v, t)) continue;
        for (int s : order)
            if (s < kingSlot && a.owner[s] < 0) {
                a.give(t, s);
                break;
            }
    }
    return a;
}

// "(WHITE...BLACK...)": each slot's letter, '.' for a free one.
std::string pieceToChar(const Variant& v, const SlotAssignment& a) {
    std::string white, black;
    for (int s = 0; s < a.slots; ++s) {
        if (a.owner[s] < 0) {
            white += '.', black += '.';
            continue;
        }
        white += v.pieces[a.owner[s]].letter;
        black += blackLetter(v.pieces[a.owner[s]].letter);
    }
    return "(" + white + black + ")";
}

}  // namespace

std::vector<std::string> xboardSetup(const Variant& v) {
    std::vector<std::string> descriptions(v.pieces.size());
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (shown(v, t)) descriptions[t] = pieceDescription(v, PieceType(t)).value_or("");
    SlotAssignment slots = assignSlots(v, descriptions);
    std::vector<std::string> out;
    out.push_back("setup " + pieceToChar(v, slots) + " " + std::to_string(v.board.files) + "x" +
                  std::to_string(v.board.ranks) + "+" + std::to_string(xboardHoldings(v)) +
                  "_fairy " + v.startFen);
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (slots.slotOf[t] >= 0 && !descriptions[t].empty())
            out.push_back("piece " + v.pieces[t].letter + "& " + descriptions[t]);
    return out;
}

}  // namespace timur::protocol
