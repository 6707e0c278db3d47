#include "notation/geometry.h"

#include <charconv>

namespace timur {

std::string Geometry::name(int sq) const {
    // Built by appending: `string + string` here trips GCC 12's -Wrestrict false positive.
    std::string out(1, char('a' + fileOf(sq)));
    out += std::to_string(rankOf(sq) + 1);
    return out;
}

std::optional<int> Geometry::parse(std::string_view text) const {
    if (text.size() < 2 || text[0] < 'a' || text[0] > 'z') return std::nullopt;
    int file = text[0] - 'a';
    int rank = 0;
    auto [end, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), rank);
    if (ec != std::errc() || end != text.data() + text.size() || text[1] == '0')
        return std::nullopt;
    if (!inside(file, rank - 1)) return std::nullopt;
    return square(file, rank - 1);
}

}  // namespace timur
