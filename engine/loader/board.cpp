#include "engine/loader/loader.h"

#include <algorithm>

namespace timur::loader {

void Loader::loadBoard(const Json& v, const std::string& ptr) {
    object(v, ptr);
    checkKeys(v, ptr, {"files", "ranks", "holes"});
    Geometry& g = variant_->board;
    g.files = integer(required(v, ptr, "files"), child(ptr, "files"), 1, kMaxFiles);
    g.ranks = integer(required(v, ptr, "ranks"), child(ptr, "ranks"), 1, kMaxRanks);
    if (const Json* holes = member(v, "holes")) {
        std::string hp = child(ptr, "holes");
        array(*holes, hp);
        for (std::size_t i = 0; i < holes->size(); ++i) {
            std::string p = child(hp, i);
            SquareSet item = regionItem((*holes)[i], p);
            if ((item & g.holes).any())
                fail(p, quote((*holes)[i].get<std::string>()) + " repeats a hole listed before");
            g.holes |= item;
        }
        if (int(g.holes.count()) == g.squareCount()) fail(hp, "the board has no squares left");
    }
}

// One region item: "d1", "*3", "c*" or "d1-f3".
SquareSet Loader::regionItem(const Json& v, const std::string& ptr) const {
    const Geometry& g = variant_->board;
    std::string text = string(v, ptr);
    std::string size = std::to_string(g.files) + "x" + std::to_string(g.ranks);
    auto square = [&](std::string_view name) {
        auto sq = g.parse(name);
        if (!sq) {
            bool shaped = name.size() >= 2 && name[0] >= 'a' && name[0] <= 'z' &&
                          std::all_of(name.begin() + 1, name.end(),
                                      [](char c) { return c >= '0' && c <= '9'; });
            if (shaped)
                fail(ptr, "bad region item " + quote(text) + ": " + quote(name) +
                              " is not a square of the " + size + " board");
            fail(ptr, "bad region item " + quote(text) +
                          ": expected a square 'd1', a rank '*3', a file 'c*' or a rectangle "
                          "'d1-f3'");
        }
        return *sq;
    };
    SquareSet set;
    if (text.size() >= 2 && text[0] == '*') {
        int rank = 0;
        bool digits = text.size() <= 3 && text[1] != '0';
        for (std::size_t i = 1; i < text.size() && digits; ++i) {
            if (text[i] < '0' || text[i] > '9') digits = false;
            rank = rank * 10 + (text[i] - '0');
        }
        if (!digits)
            fail(ptr, "bad region item " + quote(text) + ": expected a rank number after '*'");
        if (rank < 1 || rank > g.ranks)
            fail(ptr, "bad region item " + quote(text) + ": the " + size + " board has no rank " +
                          std::to_string(rank));
        for (int f = 0; f < g.files; ++f) set.set(g.square(f, rank - 1));
        return set;
    }
    if (text.size() == 2 && text[1] == '*') {
        int file = text[0] - 'a';
        if (text[0] < 'a' || text[0] > 'z')
            fail(ptr, "bad region item " + quote(text) + ": expected a file letter before '*'");
        if (file >= g.files)
            fail(ptr, "bad region item " + quote(text) + ": the " + size + " board has no file " +
                          text[0]);
        for (int r = 0; r < g.ranks; ++r) set.set(g.square(file, r));
        return set;
    }
    auto dash = text.find('-');
    if (dash != std::string::npos) {
        int a = square(std::string_view(text).substr(0, dash));
        int b = square(std::string_view(text).substr(dash + 1));
        int f0 = std::min(g.fileOf(a), g.fileOf(b)), f1 = std::max(g.fileOf(a), g.fileOf(b));
        int r0 = std::min(g.rankOf(a), g.rankOf(b)), r1 = std::max(g.rankOf(a), g.rankOf(b));
        for (int r = r0; r <= r1; ++r)
            for (int f = f0; f <= f1; ++f) set.set(g.square(f, r));
        return set;
    }
    set.set(square(text));
    return set;
}

SquareSet Loader::regionList(const Json& v, const std::string& ptr) const {
    array(v, ptr);
    if (v.empty()) fail(ptr, "a region may not be empty");
    SquareSet set;
    for (std::size_t i = 0; i < v.size(); ++i) set |= regionItem(v[i], child(ptr, i));
    return set;
}

SideSquares Loader::region(const Json& v, const std::string& ptr) const {
    SideSquares out;
    if (v.is_object()) {
        checkKeys(v, ptr, {"white", "black"});
        out.of[White] = regionList(required(v, ptr, "white"), child(ptr, "white"));
        out.of[Black] = regionList(required(v, ptr, "black"), child(ptr, "black"));
        return out;
    }
    if (!v.is_array())
        fail(ptr, std::string("a region must be a list of squares or {\"white\": [...], "
                              "\"black\": [...]}, got ") +
                      typeName(v));
    out.of[White] = regionList(v, ptr);
    const Geometry& g = variant_->board;
    for (int sq = 0; sq < g.squareCount(); ++sq)
        if (out.of[White][sq]) out.of[Black].set(g.rotate(sq));
    return out;
}

}  // namespace timur::loader
