// What XBoard calls a variant and where it starts it (engine/xboard_dialect.h), from the
// variant's "xboard" data (Variant::xboard).
#include <cctype>
#include <cstdio>

#include "engine/text.h"
#include "engine/xboard_dialect.h"

namespace timur::protocol {

namespace {

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
    if (lower(xboardVariantName(v).name) == lower(requested) || lower(v.name) == lower(requested))
        return true;
    if (v.xboard && lower(sized.parent) == lower(v.xboard->name) &&
        (!sized.files || (v.board.files == sized.files && v.board.ranks == sized.ranks)))
        return true;
    return !sized.files && lower(v.name) == lower(sized.parent);
}

}  // namespace

int xboardHoldings(const Variant& v) {
    if (!v.rules.hasHands()) return 0;
    int n = 0;
    for (size_t t = 0; t < v.pieces.size(); ++t)
        if (!v.pieces[t].royal && v.pieces[t].letter.front() != '+') ++n;
    return n;
}

XBoardVariantName xboardVariantName(const Variant& v) {
    if (!v.xboard) {
        std::string name;
        for (char c : v.name)
            name += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '-';
        return {name, true};
    }
    const XBoardIdentity& x = *v.xboard;
    if (v.board.files != x.files || v.board.ranks != x.ranks)
        return {std::to_string(v.board.files) + "x" + std::to_string(v.board.ranks) + "+" +
                    std::to_string(xboardHoldings(v)) + "_" + x.name,
                true};
    return {x.name, false};
}

std::shared_ptr<const Variant> findXBoardVariant(
    const std::vector<std::shared_ptr<const Variant>>& variants, const std::string& requested) {
    SizedName sized = splitSizePrefix(requested);
    for (const auto& v : variants)
        if (answers(*v, requested, sized)) return v;
    return nullptr;
}

std::string xboardStartFen(const Variant& v) {
    if (!v.xboard || xboardVariantName(v).engineDefined) return "";
    return v.xboard->start;
}

}  // namespace timur::protocol
