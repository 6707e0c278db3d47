// What XBoard calls a variant and where it starts it (engine/xboard_dialect.h).
#include <cctype>
#include <cstdio>

#include "engine/xboard_dialect.h"

namespace timur::protocol {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Variants XBoard 4.9.1 knows, with their default board. XBoard plays them with its own start
// position and sends no setboard for it, so that is where a game of ours starts too (our courier
// starts with some pawns and the ferz advanced; XBoard's from the plain array). XBoard ignores
// `setup` for these.
struct KnownVariant {
    const char* ours;
    const char* xboard;
    int files, ranks;
    const char* xboardStart;  // nullptr: the same as ours
};
constexpr KnownVariant kKnown[] = {
    {"chess", "normal", 8, 8, nullptr},
    {"shatranj", "shatranj", 8, 8, nullptr},
    {"makruk", "makruk", 8, 8, nullptr},
    {"courier", "courier", 12, 8,
     "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1"},
    {"capablanca", "capablanca", 10, 8, nullptr},
    {"grand", "grand", 10, 10, nullptr},
    {"xiangqi", "xiangqi", 9, 10, nullptr},
    {"shogi", "shogi", 9, 9, nullptr},
    {"crazyhouse", "crazyhouse", 8, 8, nullptr},
};

const KnownVariant* known(const Variant& v) {
    for (const auto& k : kKnown)
        if (lower(v.name) == k.ours) return &k;
    return nullptr;
}

// XBoard's board-size prefix FILESxRANKS+HOLDINGS_PARENT (e.g. 10x8+0_fairy): the parent's name,
// with the board; files and ranks 0 and the whole name without a prefix.
struct SizedName {
    std::string parent;
    int files = 0, ranks = 0;
};
SizedName splitSizePrefix(const std::string& requested) {
    int files = 0, ranks = 0, holdings = 0, consumed = 0;
    if (std::sscanf(requested.c_str(), "%3dx%3d+%3d_%n", &files, &ranks, &holdings, &consumed) ==
            3 &&
        consumed > 0 && size_t(consumed) < requested.size())
        return {requested.substr(size_t(consumed)), files, ranks};
    return {requested, 0, 0};
}

bool answers(const Variant& v, const std::string& requested, const SizedName& sized) {
    const KnownVariant* k = known(v);
    if (lower(xboardVariantName(v).name) == lower(requested) || lower(v.name) == lower(requested))
        return true;
    if (k && lower(sized.parent) == k->xboard &&
        (!sized.files || (v.board.files == sized.files && v.board.ranks == sized.ranks)))
        return true;
    return !sized.files && lower(v.name) == lower(sized.parent);
}

}  // namespace

int xboardHoldings(const Variant& v) {
    if (!v.rules.drops && !v.rules.capturesToHand) return 0;
    int n = 0;
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (!v.pieces[t].royal && v.pieces[t].letter.front() != '+') ++n;
    return n;
}

XBoardVariantName xboardVariantName(const Variant& v) {
    const KnownVariant* k = known(v);
    if (!k) {
        std::string name;
        for (char c : v.name)
            name += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '-';
        return {name, true};
    }
    if (v.board.files != k->files || v.board.ranks != k->ranks)
        return {std::to_string(v.board.files) + "x" + std::to_string(v.board.ranks) + "+" +
                    std::to_string(xboardHoldings(v)) + "_" + k->xboard,
                true};
    return {k->xboard, false};
}

std::shared_ptr<const Variant> findXBoardVariant(
    const std::vector<std::shared_ptr<const Variant>>& variants, const std::string& requested) {
    SizedName sized = splitSizePrefix(requested);
    for (const auto& v : variants)
        if (answers(*v, requested, sized)) return v;
    return nullptr;
}

std::string xboardStartFen(const Variant& v) {
    const KnownVariant* k = known(v);
    if (!k || !k->xboardStart || xboardVariantName(v).engineDefined) return "";
    return k->xboardStart;
}

}  // namespace timur::protocol
