#include "engine/loader/loader.h"

#include <algorithm>

namespace timur::loader {

CastlingRule Loader::loadCastling(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr, {"king", "rook", "rank", "kingside", "queenside", "kingStopsAnywhere"});
    const Geometry& g = variant_->board;
    CastlingRule c;
    c.king = letterRef(required(v, ptr, "king"), child(ptr, "king"));
    c.rook = letterRef(required(v, ptr, "rook"), child(ptr, "rook"));
    if (c.king == c.rook) fail(child(ptr, "rook"), "the rook must differ from the king");
    if (const Json* r = member(v, "rank")) c.rank = integer(*r, child(ptr, "rank"), 1, g.ranks) - 1;
    auto fileOf = [&](const Json& f, const std::string& fp) {
        std::string s = string(f, fp);
        if (s.size() != 1 || s[0] < 'a' || s[0] > 'z')
            fail(fp, "expected a file letter, got " + quote(s));
        if (s[0] - 'a' >= g.files)
            fail(fp, "the board has no file " + s + " (its files are a-" +
                         std::string(1, char('a' + g.files - 1)) + ")");
        return s[0] - 'a';
    };
    auto side = [&](const char* key, int& kingFile, int& rookFile) {
        const Json* s = member(v, key);
        std::string sp = child(ptr, key);
        if (!s) {
            if (std::max(kingFile, rookFile) >= g.files)
                fail(ptr, std::string("the default ") + key +
                              " files do not fit the board; give \"" + key + "\"");
            return;
        }
        object(*s, sp);
        checkKeys(*s, sp, {"king", "rook"});
        kingFile = fileOf(required(*s, sp, "king"), child(sp, "king"));
        rookFile = fileOf(required(*s, sp, "rook"), child(sp, "rook"));
        if (kingFile == rookFile)
            fail(child(sp, "rook"), "king and rook cannot end on the same file");
    };
    if (const Json* a = member(v, "kingStopsAnywhere")) {
        c.kingStopsAnywhere = boolean(*a, child(ptr, "kingStopsAnywhere"));
        for (const char* key : {"kingside", "queenside"})
            if (c.kingStopsAnywhere && member(v, key))
                fail(child(ptr, key),
                     "the king's and rook's files follow from where the king "
                     "stops (kingStopsAnywhere): leave this out");
        if (c.kingStopsAnywhere) return c;
    }
    side("kingside", c.kingsideKingFile, c.kingsideRookFile);
    side("queenside", c.queensideKingFile, c.queensideRookFile);
    return c;
}

}  // namespace timur::loader
