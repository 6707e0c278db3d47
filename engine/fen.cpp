#include "engine/fen.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace timur {

namespace {

std::vector<std::string_view> splitSpaces(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        std::size_t start = i;
        while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        if (i > start) out.push_back(s.substr(start, i - start));
    }
    return out;
}

// A variant file's FEN: the board, one space, the side to move (empty when missing); the fields
// after them are read by the lenient split.
std::vector<std::string_view> splitStrict(std::string_view s) {
    std::size_t space = s.find(' ');
    if (space == std::string_view::npos) return {s};
    std::string_view rest = s.substr(space + 1);
    return {s.substr(0, space), rest.substr(0, rest.find(' '))};
}

bool isNumber(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// One piece as a FEN writes it: optional '+', a letter (upper case White, lower case Black),
// optional ' or ! when the variant has such a piece, optional '~' (promoted) where allowed.
struct PieceToken {
    std::size_t length = 0;
    Piece piece = kNoPiece;
    bool promoted = false;
};

PieceToken readPiece(const Variant& v, std::string_view s, std::size_t i, const std::string& where,
                     bool allowTilde) {
    std::size_t start = i;
    std::string letter;
    if (s[i] == '+') letter += s[i++];
    if (i >= s.size() || !std::isalpha((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80)
        throw FenError("unexpected " + quote(s.substr(start, i + 1 - start)) + " in " + where);
    Color color = std::isupper((unsigned char)s[i]) ? White : Black;
    letter += char(std::toupper((unsigned char)s[i++]));
    if (i < s.size() && (s[i] == '\'' || s[i] == '!') &&
        v.pieceByLetter(letter + s[i]) != kNoPieceType)
        letter += s[i++];
    PieceType type = v.pieceByLetter(letter);
    if (type == kNoPieceType)
        throw FenError("unknown piece " + quote(s.substr(start, i - start)) + " in " + where +
                       " (the pieces are " + v.pieceLetters() + ")");
    PieceToken token;
    token.piece = makePiece(color, type);
    token.promoted = allowTilde && i < s.size() && s[i] == '~';
    token.length = i - start + (token.promoted ? 1 : 0);
    return token;
}

void readRank(const Variant& v, std::string_view row, int rank, FenPosition& out) {
    const Geometry& g = v.board;
    std::string where = "FEN rank " + std::to_string(rank + 1);
    int file = 0;
    auto tooLong = [&] {
        throw FenError(where + " has more than " + std::to_string(g.files) + " squares");
    };
    for (std::size_t i = 0; i < row.size();) {
        char c = row[i];
        if (isDigit(c)) {
            if (c == '0')
                throw FenError("a count of empty squares cannot start with 0 in " + where);
            int n = 0;
            while (i < row.size() && isDigit(row[i]) && n <= kMaxFiles)
                n = n * 10 + (row[i++] - '0');
            if (file + n > g.files) tooLong();
            for (int k = 0; k < n; ++k, ++file)
                if (g.holes[g.square(file, rank)])
                    throw FenError(g.name(g.square(file, rank)) + " in " + where +
                                   " is a hole: write it '*'");
        } else if (c == '*') {
            if (file >= g.files) tooLong();
            if (!g.holes[g.square(file, rank)])
                throw FenError("'*' on " + g.name(g.square(file, rank)) + " in " + where +
                               ", which is not a hole of the board");
            ++file;
            ++i;
        } else {
            PieceToken token = readPiece(v, row, i, where, true);
            if (file >= g.files) tooLong();
            int sq = g.square(file, rank);
            if (g.holes[sq]) throw FenError("a piece on the hole " + g.name(sq) + " in " + where);
            out.squares[sq] = token.piece;
            out.promoted[sq] = token.promoted;
            ++file;
            i += token.length;
        }
    }
    if (file != g.files)
        throw FenError(where + " has " + std::to_string(file) + " squares, the board has " +
                       std::to_string(g.files) + " files");
}

// "QRr", "2P3p", "-": pieces in hand, a count before a letter. A GUI's may have '-' anywhere
// and '~' (ignored) after a letter.
void readHoldings(const Variant& v, std::string_view text, FenStyle style, FenPosition& out) {
    bool lenient = style == FenStyle::Lenient;
    if (text == "-") return;
    for (std::size_t i = 0; i < text.size();) {
        if (lenient && text[i] == '-') {
            ++i;
            continue;
        }
        int n = 1;
        if (isDigit(text[i])) {
            n = 0;
            while (i < text.size() && isDigit(text[i]))
                n = std::min(n * 10 + (text[i++] - '0'), 256);  // no int overflow
            if (n > 255) throw FenError("holdings: count too large");
            if (i >= text.size())
                throw FenError("a count without a piece letter at the end of the holdings");
        }
        PieceToken token = readPiece(v, text, i, "the holdings", lenient);
        out.hands[colorOf(token.piece)][typeOf(token.piece)] += n;
        i += token.length;
    }
}

// The square a first-move right letter names: that file on the side's first rank.
int firstRankSquare(const Geometry& g, Color side, int file) {
    return g.square(file, side == White ? 0 : g.ranks - 1);
}

// Whether `p` may hold a first-move right, which the FEN names by its file on its first rank.
bool holdsRight(const Variant& v, Piece p) {
    return p != kNoPiece && v.info.unmovedByRight[typeOf(p)];
}

// A first-move right (PieceSpec::firstMoveRight): the file letter `lc` of side `side`.
bool readFirstMoveRight(const Variant& v, char lc, Color side, FenPosition& out) {
    const Geometry& g = v.board;
    if (lc < 'a' || lc >= 'a' + g.files) return false;
    int sq = firstRankSquare(g, side, lc - 'a');
    Piece p = out.squares[sq];
    if (!holdsRight(v, p) || colorOf(p) != side) return false;
    out.unmoved[sq] = true;
    return true;
}

// Whether the unmoved mark of p on sq is a gating right (Rules::GatingRule) a FEN names by its
// file: p stands on a gating square of its side and has no initial moves (whose mark the FEN
// derives from the board).
bool holdsGate(const Variant& v, Piece p, int sq) {
    if (!v.rules.gating || p == kNoPiece || !v.rules.gating->squares.of[colorOf(p)][sq])
        return false;
    PieceType t = typeOf(p);
    return !v.info.hasInitialMoves[t] || v.info.unmovedByRight[t];
}

// A gating right: the file letter `lc` of side `side`.
bool readGatingRight(const Variant& v, char lc, Color side, FenPosition& out) {
    const Geometry& g = v.board;
    if (!v.rules.gating || lc < 'a' || lc >= 'a' + g.files) return false;
    int sq = firstRankSquare(g, side, lc - 'a');
    Piece p = out.squares[sq];
    if (p == kNoPiece || colorOf(p) != side || !holdsGate(v, p, sq)) return false;
    out.unmoved[sq] = true;
    return true;
}

// The rights field: castling (KQkq, or the partner's file letter), the once-per-game rights,
// and first-move rights (the file of an unmoved piece on the first rank).
void readRights(const Variant& v, std::string_view text, FenPosition& out) {
    if (text == "-") return;
    const Geometry& g = v.board;
    const Rules& rules = v.rules;
    const auto& castling = rules.castling;
    for (char c : text) {
        Color side = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
        char upper = char(std::toupper(static_cast<unsigned char>(c)));
        if (upper == 'K' && rules.swap && !castling) {
            out.rights[side] |= FenPosition::kSwapRight;
            continue;
        }
        if (upper == 'X' && rules.citadels && rules.citadels->exchange) {
            out.rights[side] |= FenPosition::kExchangeRight;
            continue;
        }
        // A file letter names a first-move right when such a piece stands there ('k' and 'q'
        // stay castling letters).
        char lc0 = char(std::tolower(static_cast<unsigned char>(c)));
        bool wing = castling && (lc0 == 'k' || lc0 == 'q');
        if (!wing && (readFirstMoveRight(v, lc0, side, out) || readGatingRight(v, lc0, side, out)))
            continue;
        if (!castling)
            throw FenError(std::string("unknown rights letter '") + c + "' in '" +
                           std::string(text) + "'");
        int rank = side == White ? castling->rank : g.ranks - 1 - castling->rank;
        // An unmoved king stands where the start array put it, so when that array has the
        // castling king on this rank, only that square may hold it: otherwise a second king
        // arriving there later would make the FEN ambiguous (which of them never moved?).
        Piece king = makePiece(side, castling->king);
        int startSq = -1, kingSq = -1;
        for (int f = 0; f < g.files; ++f) {
            int sq = g.square(f, rank);
            if (v.info.startBoard[sq] == king) startSq = sq;
            if (out.squares[sq] == king && kingSq < 0) kingSq = sq;
        }
        if (startSq >= 0) {
            if (out.squares[startSq] != king)
                throw FenError(std::string("castling right '") + c +
                               "' but no king on its start square " + g.name(startSq));
            kingSq = startSq;
        }
        if (kingSq < 0)
            throw FenError(std::string("castling right '") + c + "' without a king on its rank");
        char lc = char(std::tolower(static_cast<unsigned char>(c)));
        int kingFile = g.fileOf(kingSq);
        int rookSq = -1;
        Piece rook = makePiece(side, castling->rook);
        if (lc == 'k') {
            for (int f = g.files - 1; f > kingFile && rookSq < 0; --f)
                if (out.squares[g.square(f, rank)] == rook) rookSq = g.square(f, rank);
        } else if (lc == 'q') {
            for (int f = 0; f < kingFile && rookSq < 0; ++f)
                if (out.squares[g.square(f, rank)] == rook) rookSq = g.square(f, rank);
        } else if (lc >= 'a' && lc < 'a' + g.files) {
            if (out.squares[g.square(lc - 'a', rank)] == rook) rookSq = g.square(lc - 'a', rank);
        } else {
            throw FenError(std::string("unknown castling letter '") + c + "'");
        }
        if (rookSq < 0) throw FenError(std::string("castling right '") + c + "' without its rook");
        out.unmoved[kingSq] = true;
        out.unmoved[rookSq] = true;
    }
}

// The e.p. field: one square name or several run together ("e7e8"), each letters then digits.
std::vector<int> readEpSquares(const Geometry& g, std::string_view text) {
    std::vector<int> out;
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t j = i;
        while (j < text.size() && std::isalpha(static_cast<unsigned char>(text[j]))) ++j;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        auto sq = j > i ? g.parse(text.substr(i, j - i)) : std::nullopt;
        if (!sq || (std::find(out.begin(), out.end(), *sq) != out.end()))
            throw FenError("en-passant field '" + std::string(text) +
                           "' is not a square or several different squares");
        out.push_back(*sq);
        i = j;
    }
    return out;
}

int readCounter(std::string_view field, const char* what) {
    if (!isNumber(field) || field.size() > 6)
        throw FenError(std::string(what) + " '" + std::string(field) + "' is not a number");
    return std::stoi(std::string(field));
}

// KQkq-style castling rights of side `col`: when its castling king is unmoved on its rank, the
// unmoved partners, 'k'/'q' for the outermost on each wing and the file letter for others. The
// squares written are added to `written`.
std::string castlingText(const Variant& v, const FenPosition& pos, Color col, SquareSet& written) {
    const auto& castling = v.rules.castling;
    if (!castling) return "";
    const Geometry& g = v.board;
    int rank = col == White ? castling->rank : g.ranks - 1 - castling->rank;
    int kingFile = -1;
    for (int f = 0; f < g.files; ++f) {
        int sq = g.square(f, rank);
        if (pos.squares[sq] == makePiece(col, castling->king) && pos.unmoved[sq]) kingFile = f;
    }
    if (kingFile < 0) return "";
    Piece rook = makePiece(col, castling->rook);
    std::string k, q;
    int outerK = -1, outerQ = -1;
    for (int f = 0; f < g.files; ++f)
        if (pos.squares[g.square(f, rank)] == rook) {
            if (f > kingFile) outerK = f;
            if (f < kingFile && outerQ < 0) outerQ = f;
        }
    for (int f = g.files - 1; f >= 0; --f) {
        int sq = g.square(f, rank);
        if (pos.squares[sq] != rook || !pos.unmoved[sq] || f == kingFile) continue;
        char letter = f > kingFile ? (f == outerK ? 'k' : char('a' + f))
                                   : (f == outerQ ? 'q' : char('a' + f));
        (f > kingFile ? k : q) += letter;
        written.set(sq);
    }
    std::string both = k + q;
    if (!both.empty()) written.set(g.square(kingFile, rank));
    if (col == White)
        for (char& ch : both) ch = char(std::toupper(static_cast<unsigned char>(ch)));
    return both;
}

// First-move and gating rights of side `col` not already said by its castling letters: the
// files of its unmoved pieces on its first rank that hold such a right (upper case for White).
std::string firstMoveRightsText(const Variant& v, const FenPosition& pos, Color col,
                                const SquareSet& written) {
    const Geometry& g = v.board;
    std::string out;
    for (int f = 0; f < g.files; ++f) {
        int sq = firstRankSquare(g, col, f);
        Piece p = pos.squares[sq];
        if (!pos.unmoved[sq] || written[sq] || p == kNoPiece || colorOf(p) != col ||
            !(holdsRight(v, p) || holdsGate(v, p, sq)))
            continue;
        out += char((col == White ? 'A' : 'a') + f);
    }
    return out;
}

// The board, holdings and side of a FEN split into its fields.
FenPosition readBoardFields(const Variant& v, const std::vector<std::string_view>& fields,
                            FenStyle style) {
    const Geometry& g = v.board;
    if (fields.empty()) throw FenError("empty FEN");
    FenPosition out;
    std::string_view board = fields[0], holdings;
    bool hasHoldings = false;
    if (auto lb = board.find('['); lb != std::string_view::npos) {
        if (board.back() != ']' || board.find('[', lb + 1) != std::string_view::npos)
            throw FenError("FEN holdings must be written '[...]' right after the board");
        holdings = board.substr(lb + 1, board.size() - lb - 2);
        board = board.substr(0, lb);
        hasHoldings = true;
    }
    std::vector<std::string_view> rows;
    for (std::size_t start = 0;;) {
        std::size_t slash = board.find('/', start);
        rows.push_back(
            board.substr(start, slash == std::string_view::npos ? slash : slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    if (!hasHoldings && style == FenStyle::Lenient && int(rows.size()) == g.ranks + 1) {
        holdings = rows.back();
        rows.pop_back();
        hasHoldings = true;
    }
    if (int(rows.size()) != g.ranks)
        throw FenError("the FEN has " + std::to_string(rows.size()) + " ranks, the board has " +
                       std::to_string(g.ranks));
    for (int r = 0; r < g.ranks; ++r) readRank(v, rows[r], g.ranks - 1 - r, out);
    if (hasHoldings) readHoldings(v, holdings, style, out);
    if (fields.size() < 2) {
        if (style == FenStyle::Strict)
            throw FenError("the FEN has no side to move after the board");
        return out;
    }
    if (fields[1] != "w" && fields[1] != "b")
        throw FenError("the side to move must be 'w' or 'b', got " + quote(fields[1]));
    out.side = fields[1] == "w" ? White : Black;
    return out;
}

}  // namespace

FenPosition readFenBoard(const Variant& v, std::string_view fen, FenStyle style) {
    return readBoardFields(v, style == FenStyle::Strict ? splitStrict(fen) : splitSpaces(fen),
                           style);
}

FenPosition readFen(const Variant& v, std::string_view fen) {
    const VariantInfo& info = v.info;
    std::vector<std::string_view> f = splitSpaces(fen);
    FenPosition out = readBoardFields(v, f, FenStyle::Lenient);
    const Geometry& g = v.board;
    // fen() writes no holdings for such a variant, so they would be lost (and the hash, which
    // counts them, would differ from a fresh one).
    if (!v.rules.hasHands())
        for (const auto& hand : out.hands)
            for (int n : hand)
                if (n) throw FenError("holdings: the variant has no pieces in hand");
    // Unmoved pieces: those standing where the start position has the same piece; castling
    // partners and pieces with first-move rights only as the rights field says.
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        Piece p = out.squares[sq];
        if (p != kNoPiece && info.hasInitialMoves[typeOf(p)] && !info.unmovedByRight[typeOf(p)] &&
            info.startBoard[sq] == p)
            out.unmoved[sq] = true;
    }
    std::size_t i = std::min<std::size_t>(2, f.size());
    if (i < f.size() && !isNumber(f[i])) readRights(v, f[i++], out);
    if (i < f.size() && !isNumber(f[i])) {
        if (f[i] != "-") out.epSquares = readEpSquares(g, f[i]);
        ++i;
    }
    if (i < f.size()) out.halfmoveClock = readCounter(f[i++], "halfmove clock");
    if (i < f.size()) out.fullmove = std::max(1, readCounter(f[i++], "fullmove number"));
    if (i < f.size())
        throw FenError("unexpected field '" + std::string(f[i]) + "' after the move counters");
    return out;
}

std::string writeFen(const Variant& v, const FenPosition& pos) {
    const VariantInfo& info = v.info;
    const Geometry& g = v.board;
    std::string out;
    for (int rank = g.ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < g.files; ++file) {
            int sq = g.square(file, rank);
            if (g.holes[sq] || pos.squares[sq] != kNoPiece) {
                if (empty) out += std::to_string(empty), empty = 0;
                if (g.holes[sq])
                    out += '*';
                else
                    out += info.pieceText(pos.squares[sq], pos.promoted[sq]);
            } else {
                ++empty;
            }
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    if (v.rules.hasHands()) {
        out += '[';
        for (int c = 0; c < 2; ++c)
            for (std::size_t t = 0; t < v.pieces.size(); ++t)
                for (int k = 0; k < pos.hands[c][t]; ++k)
                    out += info.pieceText(makePiece(Color(c), PieceType(t)), false);
        out += ']';
    }
    out += pos.side == White ? " w " : " b ";
    std::string rights;
    for (int c = 0; c < 2; ++c) {
        if (pos.rights[c] & FenPosition::kSwapRight) rights += c == White ? 'K' : 'k';
        if (pos.rights[c] & FenPosition::kExchangeRight) rights += c == White ? 'X' : 'x';
    }
    for (Color c : {White, Black}) {
        SquareSet written;
        rights += castlingText(v, pos, c, written);
        rights += firstMoveRightsText(v, pos, c, written);
    }
    out += rights.empty() ? "-" : rights;
    out += ' ';
    std::vector<int> eps = pos.epSquares;
    std::sort(eps.begin(), eps.end());
    for (int sq : eps) out += g.name(sq);
    if (eps.empty()) out += '-';
    out += ' ' + std::to_string(pos.halfmoveClock) + ' ' + std::to_string(pos.fullmove);
    return out;
}

}  // namespace timur
