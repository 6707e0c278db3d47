#include "notation/parse.h"

#include <cctype>

namespace timur::betza {

std::optional<Dialect> dialectFromName(std::string_view name) {
    std::string lower;
    for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "xbetza") return Dialect::XBetza;
    if (lower == "bfn") return Dialect::Bfn;
    if (lower == "bex") return Dialect::Bex;
    return std::nullopt;
}

const char* dialectName(Dialect dialect) {
    switch (dialect) {
        case Dialect::XBetza:
            return "xbetza";
        case Dialect::Bfn:
            return "bfn";
        case Dialect::Bex:
            return "bex";
    }
    return "xbetza";
}

PieceMoves parse(std::string_view text, Dialect dialect) {
    switch (dialect) {
        case Dialect::Bfn:
            return parseBfn(text);
        case Dialect::Bex:
            return parseBex(text);
        case Dialect::XBetza:
            break;
    }
    return parseXBetza(text);
}

}  // namespace timur::betza
