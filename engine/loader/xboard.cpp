// /xboard: what XBoard calls the variant, its board there, and XBoard's start array when that is
// not ours (engine/xboard_dialect.h uses it).
#include <cctype>

#include "engine/loader/loader.h"

namespace timur::loader {

// XBoard's start array is checked only on the board XBoard plays the variant on: a file that
// inherits it and changes the board is engine-defined and never uses it. Runs once the rules are
// known, since the whole FEN is read.
void Loader::loadXBoard(const Json& v, const std::string& ptr) {
    object(v, ptr);
    checkKeys(v, ptr, {"name", "files", "ranks", "start", "letters"});
    XBoardIdentity x;
    std::string np = child(ptr, "name");
    x.name = string(required(v, ptr, "name"), np);
    for (char c : x.name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_')
            fail(np,
                 "an XBoard variant name is letters, digits, '-' and '_', got " + quote(x.name));
    x.files = integer(required(v, ptr, "files"), child(ptr, "files"), 1, kMaxFiles);
    x.ranks = integer(required(v, ptr, "ranks"), child(ptr, "ranks"), 1, kMaxRanks);
    if (const Json* s = member(v, "start")) {
        std::string sp = child(ptr, "start");
        x.start = string(*s, sp);
        if (x.files == variant_->board.files && x.ranks == variant_->board.ranks) {
            checkFen(x.start, sp);
            try {
                readFen(*variant_, x.start);
            } catch (const FenError& e) {
                fail(sp, std::string("invalid FEN: ") + e.what());
            }
        }
    }
    if (const Json* letters = member(v, "letters")) {
        std::string lp = child(ptr, "letters");
        object(*letters, lp);
        x.letters.assign(variant_->pieces.size(), 0);
        for (const auto& [ours, theirs] : letters->items()) {
            std::string ep = child(lp, ours);
            PieceType t = kNoPieceType;
            for (size_t i = 0; i < variant_->pieces.size(); ++i)
                if (variant_->pieces[i].letter == ours) t = PieceType(i);
            if (t == kNoPieceType) fail(ep, quote(ours) + " is not the letter of a piece");
            std::string letter = string(theirs, ep);
            if (letter.size() != 1 || !std::isupper(static_cast<unsigned char>(letter[0])))
                fail(ep, "XBoard's letter is one upper-case letter, got " + quote(letter));
            x.letters[t] = letter[0];
        }
    }
    variant_->xboard = x;
}

}  // namespace timur::loader
