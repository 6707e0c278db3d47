#include "engine/variant.h"

#include <cctype>

namespace timur {

std::optional<std::string> normalizePieceLetter(std::string_view s) {
    std::size_t i = 0;
    std::string out;
    if (i < s.size() && s[i] == '+') out += s[i++];
    if (i >= s.size() || !std::isalpha((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80)
        return std::nullopt;
    out += char(std::toupper((unsigned char)s[i++]));
    if (i < s.size() && (s[i] == '\'' || s[i] == '!')) out += s[i++];
    if (i != s.size()) return std::nullopt;
    return out;
}

PieceType Variant::pieceByLetter(std::string_view letter) const {
    auto normal = normalizePieceLetter(letter);
    if (!normal) return kNoPieceType;
    for (std::size_t i = 0; i < pieces.size(); ++i)
        if (pieces[i].letter == *normal) return PieceType(i);
    return kNoPieceType;
}

std::string Variant::pieceLetters() const {
    std::string s;
    for (const auto& p : pieces) s += (s.empty() ? "" : " ") + p.letter;
    return s;
}

std::string quote(std::string_view s) {
    std::string out = "'";
    for (unsigned char c : s) {
        if (c < 0x20 || c >= 0x7F) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += char(c);
        }
    }
    return out + "'";
}

}  // namespace timur
