// Entry points of the Betza parsers and the XBetza writer.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "notation/ast.h"

namespace timur::betza {

// "xbetza", "bfn" or "bex"; nullopt for anything else.
std::optional<Dialect> dialectFromName(std::string_view name);
const char* dialectName(Dialect dialect);

// Parses a piece description in the given dialect. Throws ParseError (with the 1-based column
// of the offending character) on anything the dialect does not define, and on constructs it
// defines that are not implemented yet ("not supported: ...").
PieceMoves parse(std::string_view text, Dialect dialect = Dialect::XBetza);
PieceMoves parseXBetza(std::string_view text);
PieceMoves parseBfn(std::string_view text);
PieceMoves parseBex(std::string_view text);

// Which XBetza the writer may use.
enum class XBetzaLevel : std::uint8_t {
    XBoard491,  // what XBoard 4.9.1 reads as meant (for its `piece` command)
    // Also the modifiers XBoard 4.9.1 ignores, which would make it misread the piece: q and z
    // (circular and crooked riders, the turning sense of later legs) and u (unload).
    Extended,
};

// Canonical XBetza for the piece, or nullopt when some move cannot be written at that level; then
// *whyNot (if given) says which move and why.
std::optional<std::string> toXBetza(const PieceMoves& piece, std::string* whyNot = nullptr,
                                    XBetzaLevel level = XBetzaLevel::XBoard491);

}  // namespace timur::betza
