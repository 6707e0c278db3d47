#include "notation/diagram.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

namespace timur::betza {

namespace {

bool valid(const DiagramInput& in, int sq) {
    return sq >= 0 && sq < in.board.squareCount();
}

// The text symbol of a square: a mark wins over the occupant. An unload square is empty once
// the move is made (or the piece's own, left by a swap), so it is never a capture or victim.
char symbolOf(const DiagramInput& in, int sq, std::uint8_t mark) {
    if (mark & kMarkSelf) return '&';
    if ((mark & kMarkCapture) && (mark & kMarkVictim)) return 'X';
    if (mark & kMarkCapture) return 'x';
    if (mark & kMarkVictim) return 'o';
    if ((mark & kMarkUnload) && (mark & (kMarkMove | kMarkEp))) return 'U';
    if (mark & kMarkUnload) return 'u';
    if (mark & kMarkEp) return 'e';
    if (mark & kMarkMove) return '*';
    if (sq == in.from) return '@';
    if (in.board.holes[sq]) return '#';
    if (in.friends[sq]) return in.royals[sq] ? 'Y' : 'F';
    if (in.enemies[sq]) return in.royals[sq] ? 'K' : 'E';
    return '.';
}

std::string xmlEscape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace

std::vector<std::uint8_t> squareMarks(const DiagramInput& in) {
    std::vector<std::uint8_t> marks(in.board.squareCount(), 0);
    for (const WalkMove& m : in.moves) {
        if (!valid(in, m.to)) continue;
        bool capturesTo = std::find(m.captures.begin(), m.captures.end(), m.to) != m.captures.end();
        if (m.to == in.from)
            marks[m.to] |= kMarkSelf;
        else if (capturesTo)
            marks[m.to] |= kMarkCapture;
        else if (m.enPassant)
            marks[m.to] |= kMarkEp;
        else
            marks[m.to] |= kMarkMove;
        for (int c : m.captures)
            if (c != m.to && valid(in, c)) marks[c] |= kMarkVictim;
        if (valid(in, m.unloadTo)) marks[m.unloadTo] |= kMarkUnload;
    }
    return marks;
}

std::string diagramText(const DiagramInput& in) {
    const Geometry& g = in.board;
    std::vector<std::uint8_t> marks = squareMarks(in);
    std::string seen;  // symbols that occur on the other squares, for the legend
    std::ostringstream out;
    for (int rank = g.ranks - 1; rank >= 0; --rank) {
        std::string number = std::to_string(rank + 1);
        out << std::string(3 - number.size(), ' ') << number << ' ';
        for (int file = 0; file < g.files; ++file) {
            int sq = g.square(file, rank);
            char c = symbolOf(in, sq, marks[sq]);
            if (sq != in.from && seen.find(c) == std::string::npos) seen += c;
            out << ' ' << c;
        }
        out << '\n';
    }
    out << "    ";
    for (int file = 0; file < g.files; ++file) out << ' ' << char('a' + file);
    out << '\n';

    // The legend, in a fixed order, naming only what occurs. The piece comes first.
    static const std::pair<char, const char*> kLegend[] = {
        {'F', "friend"},
        {'Y', "royal friend"},
        {'E', "enemy"},
        {'K', "royal enemy"},
        {'#', "hole"},
        {'*', "move"},
        {'e', "en-passant capture ends here"},
        {'x', "capture"},
        {'o', "captured on the way (locust or e.p. victim)"},
        {'X', "capture, and captured on the way by another move"},
        {'u', "a captured piece is put here (unload)"},
        {'U', "a captured piece is put here, and a move ends here"},
    };
    // The piece's own square shows @, & (a move may end there) or u (a swap puts a piece there).
    const char own = valid(in, in.from) ? symbolOf(in, in.from, marks[in.from]) : '@';
    out << "Legend: " << own << " piece ("
        << (in.color == 0 ? "White, moving up" : "Black, moving down") << ')';
    if (own == '&') out << ", which may also end a move on its own square";
    if (own == 'u') out << ", which may swap places: a piece it captures is put on its square";
    for (auto [symbol, text] : kLegend)
        if (seen.find(symbol) != std::string::npos) out << ", " << symbol << ' ' << text;
    out << '\n';
    return out.str();
}

std::string diagramJson(const DiagramInput& in, const std::optional<std::string>& xbetza,
                        int indent) {
    std::vector<WalkMove> moves = in.moves;
    auto key = [](const WalkMove& m) {
        return std::tie(m.to, m.captures, m.enPassant, m.epCreated, m.unloadTo);
    };
    std::sort(moves.begin(), moves.end(),
              [&](const WalkMove& a, const WalkMove& b) { return key(a) < key(b); });

    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const WalkMove& m : moves) {
        nlohmann::ordered_json item;
        item["to"] = in.board.name(m.to);
        nlohmann::ordered_json captures = nlohmann::ordered_json::array();
        for (int c : m.captures) captures.push_back(in.board.name(c));
        item["captures"] = captures;
        if (m.enPassant) item["enPassant"] = true;
        if (m.epCreated >= 0) item["epCreated"] = in.board.name(m.epCreated);
        if (m.unloadTo >= 0) item["unloadTo"] = in.board.name(m.unloadTo);
        list.push_back(std::move(item));
    }
    nlohmann::ordered_json doc;
    doc["moves"] = std::move(list);
    doc["xbetza"] = xbetza ? nlohmann::ordered_json(*xbetza) : nlohmann::ordered_json(nullptr);
    return doc.dump(indent);
}

std::string diagramSvg(const DiagramInput& in, const std::string& caption) {
    const Geometry& g = in.board;
    constexpr int S = 48;       // square size
    constexpr int margin = 24;  // room for the coordinates
    const int boardW = g.files * S, boardH = g.ranks * S;
    const int captionH = caption.empty() ? 0 : 28;
    const int width = boardW + 2 * margin, height = boardH + 2 * margin + captionH;
    const char* light = "#f0d9b5";
    const char* dark = "#b58863";
    const char* hole = "#3a3a3a";
    const char* moveColor = "#1f8f4e";
    const char* captureColor = "#d0202a";
    const char* unloadColor = "#6a3d9a";
    auto cx = [&](int sq) { return margin + g.fileOf(sq) * S + S / 2; };
    auto cy = [&](int sq) { return margin + (g.ranks - 1 - g.rankOf(sq)) * S + S / 2; };
    // Pieces of the mover's side are white for White; the other side's are black.
    auto disc = [&](std::ostringstream& o, int sq, int r, bool ownSide, const std::string& text,
                    int fontSize) {
        bool whiteDisc = ownSide == (in.color == 0);
        o << "<circle cx=\"" << cx(sq) << "\" cy=\"" << cy(sq) << "\" r=\"" << r << "\" fill=\""
          << (whiteDisc ? "#ffffff" : "#202020") << "\" stroke=\""
          << (whiteDisc ? "#202020" : "#ffffff") << "\" stroke-width=\"2\"/>\n";
        o << "<text x=\"" << cx(sq) << "\" y=\"" << cy(sq) << "\" font-size=\"" << fontSize
          << "\" font-weight=\"bold\" fill=\"" << (whiteDisc ? "#202020" : "#ffffff")
          << "\" text-anchor=\"middle\" dy=\"0.35em\">" << xmlEscape(text) << "</text>\n";
    };

    std::vector<std::uint8_t> marks = squareMarks(in);
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << ' ' << height
      << "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n";
    if (!caption.empty()) o << "<title>" << xmlEscape(caption) << "</title>\n";
    o << "<rect x=\"0\" y=\"0\" width=\"" << width << "\" height=\"" << height
      << "\" fill=\"#ffffff\"/>\n";

    // Squares; a1 is dark.
    o << "<g class=\"squares\">\n";
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        const char* fill =
            g.holes[sq] ? hole : ((g.fileOf(sq) + g.rankOf(sq)) % 2 == 0 ? dark : light);
        o << "<rect x=\"" << cx(sq) - S / 2 << "\" y=\"" << cy(sq) - S / 2 << "\" width=\"" << S
          << "\" height=\"" << S << "\" fill=\"" << fill << "\"/>\n";
    }
    o << "<rect x=\"" << margin << "\" y=\"" << margin << "\" width=\"" << boardW << "\" height=\""
      << boardH << "\" fill=\"none\" stroke=\"#202020\" stroke-width=\"1\"/>\n";
    o << "</g>\n";

    // Coordinates: file letters below, rank numbers on the left.
    o << "<g class=\"coordinates\" font-size=\"13\" fill=\"#202020\" text-anchor=\"middle\">\n";
    for (int file = 0; file < g.files; ++file)
        o << "<text x=\"" << margin + file * S + S / 2 << "\" y=\"" << margin + boardH + margin / 2
          << "\" dy=\"0.35em\">" << char('a' + file) << "</text>\n";
    for (int rank = 0; rank < g.ranks; ++rank)
        o << "<text x=\"" << margin / 2 << "\" y=\"" << margin + (g.ranks - 1 - rank) * S + S / 2
          << "\" dy=\"0.35em\">" << rank + 1 << "</text>\n";
    o << "</g>\n";

    // Pieces.
    o << "<g class=\"pieces\">\n";
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        if (sq == in.from || g.holes[sq]) continue;
        const char* royal = in.royals[sq] ? "K" : nullptr;
        if (in.friends[sq]) disc(o, sq, S * 26 / 100, true, royal ? royal : "F", 13);
        if (in.enemies[sq]) disc(o, sq, S * 26 / 100, false, royal ? royal : "E", 13);
    }
    if (valid(in, in.from))
        disc(o, in.from, S * 40 / 100, true, in.label.empty() ? "@" : in.label, 20);
    o << "</g>\n";

    // Marks.
    o << "<g class=\"marks\">\n";
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        std::uint8_t m = marks[sq];
        if (m & kMarkMove)
            o << "<circle class=\"move\" cx=\"" << cx(sq) << "\" cy=\"" << cy(sq) << "\" r=\""
              << S / 8 << "\" fill=\"" << moveColor << "\"/>\n";
        if (m & kMarkEp)
            o << "<circle class=\"ep\" cx=\"" << cx(sq) << "\" cy=\"" << cy(sq) << "\" r=\""
              << S / 8 << "\" fill=\"none\" stroke=\"" << moveColor << "\" stroke-width=\"3\"/>\n";
        if (m & kMarkSelf)
            o << "<circle class=\"self\" cx=\"" << cx(sq) << "\" cy=\"" << cy(sq) << "\" r=\""
              << S * 46 / 100 << "\" fill=\"none\" stroke=\"" << moveColor
              << "\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>\n";
        if (m & kMarkUnload) {
            int d = S * 30 / 100;
            o << "<path class=\"unload\" d=\"M" << cx(sq) << ' ' << cy(sq) - d << " L" << cx(sq) + d
              << ' ' << cy(sq) << " L" << cx(sq) << ' ' << cy(sq) + d << " L" << cx(sq) - d << ' '
              << cy(sq) << " Z\" fill=\"none\" stroke=\"" << unloadColor
              << "\" stroke-width=\"3\"/>\n";
        }
        if (m & kMarkCapture)
            o << "<circle class=\"capture\" cx=\"" << cx(sq) << "\" cy=\"" << cy(sq) << "\" r=\""
              << S * 42 / 100 << "\" fill=\"none\" stroke=\"" << captureColor
              << "\" stroke-width=\"4\"/>\n";
        if (m & kMarkVictim) {
            int d = S * 22 / 100;
            o << "<path class=\"victim\" d=\"M" << cx(sq) - d << ' ' << cy(sq) - d << " L"
              << cx(sq) + d << ' ' << cy(sq) + d << " M" << cx(sq) + d << ' ' << cy(sq) - d << " L"
              << cx(sq) - d << ' ' << cy(sq) + d << "\" stroke=\"" << captureColor
              << "\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n";
        }
    }
    o << "</g>\n";

    if (!caption.empty())
        o << "<text class=\"caption\" x=\"" << width / 2 << "\" y=\""
          << margin + boardH + margin + captionH / 2
          << "\" font-size=\"15\" fill=\"#202020\" text-anchor=\"middle\" "
             "dy=\"0.35em\">"
          << xmlEscape(caption) << "</text>\n";
    o << "</svg>\n";
    return o.str();
}

}  // namespace timur::betza
