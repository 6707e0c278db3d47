// Reads a variant's JSON file (documented by variants/schema.json) into a Variant, checks it
// strictly and compiles its move tables.
//
// Every problem is reported as a VariantError "ORIGIN: /json/pointer: what is wrong" (the root is
// "/"). Nothing in here may crash or let another exception escape on any input: JSON values are
// only read after their type has been checked, and the Betza parser's and compiler's exceptions
// are turned into VariantErrors at the piece's pointer.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "engine/fen.h"
#include "engine/variant.h"
#include "notation/parse.h"

namespace timur {

namespace {

using Json = nlohmann::ordered_json;

// ---------------------------------------------------------------------------------------------
// JSON pointers and small helpers

std::string escapeToken(std::string_view key) {
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string child(const std::string& ptr, std::string_view key) {
    return ptr + "/" + escapeToken(key);
}
std::string child(const std::string& ptr, std::size_t index) {
    return ptr + "/" + std::to_string(index);
}

const char* typeName(const Json& v) {
    switch (v.type()) {
        case Json::value_t::null:
            return "null";
        case Json::value_t::object:
            return "an object";
        case Json::value_t::array:
            return "an array";
        case Json::value_t::string:
            return "a string";
        case Json::value_t::boolean:
            return "a boolean";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
            return "an integer";
        case Json::value_t::number_float:
            return "a number with a fraction";
        default:
            return "an unsupported value";
    }
}

int editDistance(std::string_view a, std::string_view b) {
    std::vector<int> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = int(j);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (std::size_t j = 1; j <= b.size(); ++j) {
            int up = row[j];
            bool same =
                std::tolower((unsigned char)a[i - 1]) == std::tolower((unsigned char)b[j - 1]);
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

bool hasCastlingAtom(const betza::PieceMoves& moves) {
    for (const auto& move : moves.moves)
        for (const auto& leg : move.legs)
            if (leg.atom.kind == betza::AtomKind::Castling) return true;
    return false;
}

bool hasEnPassantCapture(const betza::PieceMoves& moves) {
    for (const auto& move : moves.moves)
        if (!move.legs.empty() && (move.legs.back().mode & betza::kModeEnPassant)) return true;
    return false;
}

// ---------------------------------------------------------------------------------------------
// JSON text -> Json, with duplicate keys reported (nlohmann would silently keep the last one).

struct DuplicateKey {
    std::string pointer;
};

Json parseJson(const std::string& text, const std::string& origin) {
    struct Frame {
        bool object = false;
        std::set<std::string> keys;
        std::string key;
        std::size_t index = 0;
    };
    std::vector<Frame> frames;
    auto pointerOf = [&frames](std::size_t depth) {
        std::string p;
        for (std::size_t i = 0; i < depth; ++i)
            p += frames[i].object ? child("", frames[i].key) : child("", frames[i].index);
        return p;
    };
    auto elementDone = [&frames] {
        if (!frames.empty() && !frames.back().object) ++frames.back().index;
    };
    Json::parser_callback_t callback = [&](int, Json::parse_event_t event, Json& parsed) {
        switch (event) {
            case Json::parse_event_t::object_start:
                frames.push_back({true, {}, {}, 0});
                break;
            case Json::parse_event_t::array_start:
                frames.push_back({false, {}, {}, 0});
                break;
            case Json::parse_event_t::key: {
                if (frames.empty() || !parsed.is_string()) break;
                std::string key = parsed.get<std::string>();
                if (!frames.back().keys.insert(key).second)
                    throw DuplicateKey{pointerOf(frames.size() - 1) + child("", key)};
                frames.back().key = key;
                break;
            }
            case Json::parse_event_t::object_end:
            case Json::parse_event_t::array_end:
                if (!frames.empty()) frames.pop_back();
                elementDone();
                break;
            case Json::parse_event_t::value:
                elementDone();
                break;
        }
        return true;
    };
    try {
        return Json::parse(text, callback);
    } catch (const DuplicateKey& d) {
        throw VariantError(origin + ": " + d.pointer + ": duplicate key");
    } catch (const Json::parse_error& e) {
        // Line and column of the offending byte (nlohmann counts bytes from 1).
        std::size_t end = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
        int line = 1, column = 1;
        for (std::size_t i = 0; i < end; ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        std::string what = e.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
        auto at = what.find("column");
        auto colon = at == std::string::npos ? std::string::npos : what.find(": ", at);
        if (colon != std::string::npos) what = what.substr(colon + 2);
        throw VariantError(origin + ": invalid JSON at line " + std::to_string(line) + " column " +
                           std::to_string(column) + ": " + what);
    } catch (const std::exception& e) {
        throw VariantError(origin + ": invalid JSON: " + e.what());
    }
}

// ---------------------------------------------------------------------------------------------
// The loader proper

class Loader {
  public:
    explicit Loader(std::string origin) : origin_(std::move(origin)) {}

    std::shared_ptr<Variant> load(const Json& root);

  private:
    [[noreturn]] void fail(const std::string& ptr, const std::string& what) const {
        throw VariantError(origin_ + ": " + (ptr.empty() ? std::string("/") : ptr) + ": " + what);
    }

    // Typed access. Each checks the type and fails with the pointer otherwise.
    const Json& object(const Json& v, const std::string& ptr) const {
        if (!v.is_object()) fail(ptr, std::string("expected an object, got ") + typeName(v));
        return v;
    }
    const Json& array(const Json& v, const std::string& ptr) const {
        if (!v.is_array()) fail(ptr, std::string("expected an array, got ") + typeName(v));
        return v;
    }
    std::string string(const Json& v, const std::string& ptr, bool nonEmpty = true) const {
        if (!v.is_string()) fail(ptr, std::string("expected a string, got ") + typeName(v));
        std::string s = v.get<std::string>();
        if (nonEmpty && s.empty()) fail(ptr, "must not be empty");
        return s;
    }
    bool boolean(const Json& v, const std::string& ptr) const {
        if (!v.is_boolean()) fail(ptr, std::string("expected true or false, got ") + typeName(v));
        return v.get<bool>();
    }
    int integer(const Json& v, const std::string& ptr, long long lo, long long hi) const {
        long long n = 0;
        if (v.is_number_unsigned()) {
            auto u = v.get<std::uint64_t>();
            n = u > std::uint64_t(hi) ? hi + 1 : (long long)u;
        } else if (v.is_number_integer()) {
            n = v.get<std::int64_t>();
        } else {
            fail(ptr, std::string("expected an integer, got ") + typeName(v));
        }
        if (n < lo || n > hi)
            fail(ptr, "must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                          ", got " + v.dump());
        return int(n);
    }
    // The member `key` of an object, or nullptr.
    static const Json* member(const Json& obj, const char* key) {
        auto it = obj.find(key);
        return it == obj.end() ? nullptr : &*it;
    }
    const Json& required(const Json& obj, const std::string& ptr, const char* key) const {
        const Json* v = member(obj, key);
        if (!v) fail(ptr, std::string("missing required key '") + key + "'");
        return *v;
    }
    void checkKeys(const Json& obj, const std::string& ptr,
                   std::initializer_list<const char*> allowed) const {
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            const std::string& key = it.key();
            bool known = false;
            const char* best = nullptr;  // a suggestion: the nearest key, if near enough
            int bestDistance = std::max<int>(2, int(key.size()) / 2) + 1;
            for (const char* a : allowed) {
                if (key == a) known = true;
                int d = editDistance(key, a);
                if (d < bestDistance) bestDistance = d, best = a;
            }
            if (known) continue;
            std::string what = "unknown key " + quote(key);
            if (best)
                what += std::string(" (did you mean '") + best + "'?)";
            else {
                what += " (expected one of:";
                for (const char* a : allowed) what += std::string(" ") + a;
                what += ")";
            }
            fail(child(ptr, key), what);
        }
    }

    std::string listLetters() const { return variant_->pieceLetters(); }
    PieceType letterRef(const Json& v, const std::string& ptr) const {
        std::string text = string(v, ptr);
        auto letter = normalizePieceLetter(text);
        if (!letter) fail(ptr, "malformed piece letter " + quote(text));
        PieceType t = variant_->pieceByLetter(*letter);
        if (t == kNoPieceType)
            fail(ptr,
                 "unknown piece letter " + quote(text) + " (the pieces are " + listLetters() + ")");
        return t;
    }
    std::vector<PieceType> letterList(const Json& v, const std::string& ptr) const {
        array(v, ptr);
        std::vector<PieceType> out;
        for (std::size_t i = 0; i < v.size(); ++i) {
            PieceType t = letterRef(v[i], child(ptr, i));
            if (std::find(out.begin(), out.end(), t) != out.end())
                fail(child(ptr, i), "piece " + quote(variant_->pieces[t].letter) + " named twice");
            out.push_back(t);
        }
        return out;
    }
    Outcome outcome(const Json& v, const std::string& ptr) const {
        std::string s = string(v, ptr);
        if (s == "loss") return Outcome::Loss;
        if (s == "draw") return Outcome::Draw;
        if (s == "win") return Outcome::Win;
        fail(ptr, "expected 'loss', 'draw' or 'win', got " + quote(s));
    }

    betza::PieceMoves betzaOf(const std::string& text, betza::Dialect dialect,
                              const std::string& ptr) const {
        try {
            return betza::parse(text, dialect);
        } catch (const betza::ParseError& e) {
            fail(ptr, e.detail() + " at column " + std::to_string(e.column()));
        } catch (const std::exception& e) {
            fail(ptr, e.what());
        }
    }

    void loadBoard(const Json& v, const std::string& ptr);
    SquareSet regionItem(const Json& v, const std::string& ptr) const;
    SquareSet regionList(const Json& v, const std::string& ptr) const;
    SideSquares region(const Json& v, const std::string& ptr) const;
    void loadPieces(const Json& v, const std::string& ptr);
    void loadPieceDetails(const Json& v, const std::string& ptr, PieceType self);
    FenPosition checkFen(const std::string& fen, const std::string& ptr) const;
    void checkPositions() const;
    void castlingFromBetza();
    void loadRules(const Json& v, const std::string& ptr);
    PromotionRule loadPromotion(const Json& v, const std::string& ptr) const;
    CastlingRule loadCastling(const Json& v, const std::string& ptr) const;
    CitadelRule loadCitadels(const Json& v, const std::string& ptr) const;
    SwapRule loadSwap(const Json& v, const std::string& ptr) const;
    PlacementRule loadPlacement(const Json& v, const std::string& ptr) const;
    void checkConsistency(const Json& rulesJson);
    void compileTables();

    std::string origin_;
    std::shared_ptr<Variant> variant_;
    FenPosition start_;  // the start position's board
};

std::shared_ptr<Variant> Loader::load(const Json& root) {
    variant_ = std::make_shared<Variant>();
    Variant& v = *variant_;
    v.path = origin_;
    object(root, "");
    checkKeys(root, "",
              {"$schema", "name", "description", "board", "pieces", "start", "setups", "rules"});
    if (const Json* s = member(root, "$schema")) string(*s, "/$schema", false);
    v.name = string(required(root, "", "name"), "/name");
    if (const Json* d = member(root, "description"))
        v.description = string(*d, "/description", false);
    loadBoard(required(root, "", "board"), "/board");
    loadPieces(required(root, "", "pieces"), "/pieces");
    v.startFen = string(required(root, "", "start"), "/start");
    start_ = checkFen(v.startFen, "/start");
    if (const Json* setups = member(root, "setups")) {
        object(*setups, "/setups");
        for (auto it = setups->begin(); it != setups->end(); ++it) {
            std::string ptr = child("/setups", it.key());
            if (it.key().empty()) fail(ptr, "a setup needs a name");
            std::string fen = string(it.value(), ptr);
            checkFen(fen, ptr);
            v.setups.emplace_back(it.key(), fen);
        }
    }
    static const Json kEmptyRules = Json::object();
    const Json* rules = member(root, "rules");
    loadRules(rules ? *rules : kEmptyRules, "/rules");
    checkConsistency(rules ? *rules : kEmptyRules);
    compileTables();
    castlingFromBetza();
    v.conclude();
    checkPositions();
    return variant_;
}

// A royal with O<n> in its Betza castles as XBoard defines it: it moves n squares towards the
// unmoved piece at the end of its rank (one square in for jO), which lands on the square passed
// over. That is a CastlingRule with files derived from the start position, so FEN rights,
// generation and the attacked-square tests are shared with explicit castling.
void Loader::castlingFromBetza() {
    Variant& v = *variant_;
    const Geometry& g = v.board;
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        const auto& castle = v.tables[i].castling;
        if (!castle) continue;
        std::string ptr = child(child("/pieces", i), "betza");
        if (!v.pieces[i].royal)
            fail(ptr, "not supported: castling (O) by a piece that is not royal");
        if (v.rules.castling)
            fail(ptr, "a second castling piece: only one castling rule per variant");
        const auto& start = start_.squares;
        int kingSq = -1;
        for (int sq = 0; sq < g.squareCount() && kingSq < 0; ++sq)
            if (start[sq] == makePiece(White, PieceType(i))) kingSq = sq;
        if (kingSq < 0) fail(ptr, "castling (O) needs the piece in White's start position");
        int rank = g.rankOf(kingSq), kf = g.fileOf(kingSq);
        CastlingRule rule;
        rule.king = PieceType(i);
        rule.rank = rank;
        // The partner on each side: the last square before the edge or a hole (or one further in).
        auto partnerFile = [&](int dir) {
            int f = kf;
            while (g.isSquare(f + dir, rank)) f += dir;
            if (castle->inner) f -= dir;
            return f;
        };
        int right = partnerFile(1), left = partnerFile(-1);
        Piece pr = start[g.square(right, rank)], pl = start[g.square(left, rank)];
        if (pr == kNoPiece || pl == kNoPiece || typeOf(pr) != typeOf(pl) || colorOf(pr) != White)
            fail(ptr, "not supported: castling (O) needs the same piece at both ends of the rank");
        rule.rook = typeOf(pr);
        int n = castle->distance;
        if (kf + n >= right || kf - n <= left)
            fail(ptr, "castling (O" + std::to_string(n) + ") would reach its partner");
        rule.kingsideKingFile = kf + n;
        rule.kingsideRookFile = kf + n - 1;
        rule.queensideKingFile = kf - n;
        rule.queensideRookFile = kf - n + 1;
        v.rules.castling = rule;
    }
}

// checkFen() read the board part of each FEN; the rest needs the rules.
void Loader::checkPositions() const {
    std::vector<std::pair<std::string, std::string>> fens{{"/start", variant_->startFen}};
    for (const auto& [name, fen] : variant_->setups) fens.emplace_back(child("/setups", name), fen);
    for (const auto& [ptr, fen] : fens) {
        try {
            readFen(*variant_, fen);
        } catch (const FenError& e) {
            fail(ptr, std::string("invalid FEN: ") + e.what());
        }
    }
}

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

void Loader::loadPieces(const Json& v, const std::string& ptr) {
    array(v, ptr);
    if (v.empty()) fail(ptr, "a variant needs at least one piece");
    if (v.size() > std::size_t(kMaxPieceTypes))
        fail(ptr, "at most " + std::to_string(kMaxPieceTypes) + " piece types, got " +
                      std::to_string(v.size()));
    auto& pieces = variant_->pieces;
    // First pass: names, letters and moves, so that the second pass can resolve letters.
    for (std::size_t i = 0; i < v.size(); ++i) {
        std::string p = child(ptr, i);
        const Json& pj = v[i];
        object(pj, p);
        checkKeys(pj, p,
                  {"name", "letter", "betza", "notation", "royal", "value", "promotesTo",
                   "zoneMoves", "confinement", "enPassantVictim", "immune"});
        PieceSpec spec;
        spec.name = string(required(pj, p, "name"), child(p, "name"));
        std::string letterText = string(required(pj, p, "letter"), child(p, "letter"));
        auto letter = normalizePieceLetter(letterText);
        if (!letter)
            fail(child(p, "letter"),
                 "malformed letter " + quote(letterText) +
                     ": expected one ASCII letter, optionally preceded by '+' or followed by ' "
                     "or !");
        if (PieceType other = variant_->pieceByLetter(*letter); other != kNoPieceType)
            fail(child(p, "letter"), "letter " + quote(*letter) + " is already used by /pieces/" +
                                         std::to_string(other) + " (" + pieces[other].name + ")");
        spec.letter = *letter;
        if (const Json* n = member(pj, "notation")) {
            std::string np = child(p, "notation");
            std::string name = string(*n, np);
            auto dialect = betza::dialectFromName(name);
            if (!dialect) fail(np, "unknown notation " + quote(name) + " (xbetza, bfn or bex)");
            spec.notation = *dialect;
        }
        spec.betza = string(required(pj, p, "betza"), child(p, "betza"));
        spec.moves = betzaOf(spec.betza, spec.notation, child(p, "betza"));
        spec.royal = spec.moves.royal;
        if (const Json* r = member(pj, "royal")) spec.royal = boolean(*r, child(p, "royal"));
        if (spec.moves.royal && !spec.royal)
            fail(child(p, "royal"), "the Betza makes the piece royal (y) but \"royal\" is false");
        if (const Json* val = member(pj, "value"))
            spec.value = integer(*val, child(p, "value"), -100000, 100000);
        if (const Json* e = member(pj, "enPassantVictim"))
            spec.enPassantVictim = boolean(*e, child(p, "enPassantVictim"));
        pieces.push_back(std::move(spec));
    }
    for (std::size_t i = 0; i < v.size(); ++i) loadPieceDetails(v[i], child(ptr, i), PieceType(i));
}

// Second pass over one piece: what refers to other pieces or to the board.
void Loader::loadPieceDetails(const Json& pj, const std::string& p, PieceType self) {
    auto& pieces = variant_->pieces;
    PieceSpec& spec = pieces[self];
    if (const Json* to = member(pj, "promotesTo")) {
        std::string tp = child(p, "promotesTo");
        PieceType t = letterRef(*to, tp);
        if (t == self) fail(tp, "a piece cannot promote to itself");
        if (pieces[t].demotesTo != kNoPieceType)
            fail(tp, quote(pieces[t].letter) + " is already the promotion of " +
                         quote(pieces[pieces[t].demotesTo].letter));
        spec.promotesTo = t;
        pieces[t].demotesTo = self;
    }
    if (const Json* zm = member(pj, "zoneMoves")) {
        std::string zp = child(p, "zoneMoves");
        array(*zm, zp);
        for (std::size_t k = 0; k < zm->size(); ++k) {
            std::string ep = child(zp, k);
            const Json& e = (*zm)[k];
            object(e, ep);
            checkKeys(e, ep, {"zone", "betza"});
            PieceSpec::ZoneMoves z;
            z.zone = region(required(e, ep, "zone"), child(ep, "zone"));
            z.betza = string(required(e, ep, "betza"), child(ep, "betza"));
            z.moves = betzaOf(z.betza, spec.notation, child(ep, "betza"));
            if (z.moves.drop)
                fail(child(ep, "betza"), "a drop rule (@) belongs in the piece's main betza");
            if (z.moves.royal != spec.moves.royal)
                fail(child(ep, "betza"), "royalty (y) cannot change with the zone");
            spec.zoneMoves.push_back(std::move(z));
        }
    }
    if (const Json* c = member(pj, "confinement"))
        spec.confinement = region(*c, child(p, "confinement"));
    if (const Json* im = member(pj, "immune")) spec.immune = region(*im, child(p, "immune"));
    // Default: a piece that captures en passant itself (in any zone) can be captured so.
    if (!member(pj, "enPassantVictim")) {
        spec.enPassantVictim = hasEnPassantCapture(spec.moves);
        for (const auto& z : spec.zoneMoves)
            spec.enPassantVictim = spec.enPassantVictim || hasEnPassantCapture(z.moves);
    }
}

// Reads the board part, holdings and side to move of a FEN: all that needs only the board and
// the pieces. The rest (rights, e.p. square, counters) is read once the rules are known.
FenPosition Loader::checkFen(const std::string& fen, const std::string& ptr) const {
    try {
        return readFenBoard(*variant_, fen, FenStyle::Strict);
    } catch (const FenError& e) {
        fail(ptr, e.what());
    }
}

void Loader::loadRules(const Json& v, const std::string& ptr) {
    object(v, ptr);
    checkKeys(v, ptr, {"promotion",
                       "castling",
                       "drops",
                       "capturesToHand",
                       "dropMateIllegal",
                       "immobileIllegal",
                       "checkRule",
                       "flyingRoyals",
                       "checkmate",
                       "stalemate",
                       "bareRoyal",
                       "bareRoyalReply",
                       "nMoveRule",
                       "repetition",
                       "perpetualCheckLoses",
                       "citadels",
                       "royalRank",
                       "swap",
                       "placement",
                       "royalCountBeforeMove"});
    Rules& r = variant_->rules;
    if (const Json* p = member(v, "promotion")) {
        std::string pp = child(ptr, "promotion");
        array(*p, pp);
        for (std::size_t i = 0; i < p->size(); ++i)
            r.promotions.push_back(loadPromotion((*p)[i], child(pp, i)));
    }
    // A Bex promotion list in a piece's Betza (=Q,R,B,N) is a mandatory promotion on the last
    // rank to those pieces.
    for (std::size_t i = 0; i < variant_->pieces.size(); ++i) {
        const auto& list = variant_->pieces[i].moves.promotions;
        if (list.empty()) continue;
        std::string bp = child(child("/pieces", i), "betza");
        PromotionRule rule;
        rule.pieces = {PieceType(i)};
        const Geometry& g = variant_->board;
        for (int f = 0; f < g.files; ++f) {
            rule.zone.of[White].set(g.square(f, g.ranks - 1));
            rule.zone.of[Black].set(g.square(f, 0));
        }
        for (const std::string& letter : list) {
            PieceType t = variant_->pieceByLetter(letter);
            if (t == kNoPieceType)
                fail(bp, "promotion list names " + quote(letter) +
                             ", which is not a piece (the pieces are " + listLetters() + ")");
            rule.choices.push_back(t);
        }
        r.promotions.push_back(rule);
    }
    if (const Json* c = member(v, "castling"))
        r.castling = loadCastling(*c, child(ptr, "castling"));
    if (const Json* d = member(v, "drops")) r.drops = boolean(*d, child(ptr, "drops"));
    if (const Json* c = member(v, "capturesToHand"))
        r.capturesToHand = boolean(*c, child(ptr, "capturesToHand"));
    if (const Json* d = member(v, "dropMateIllegal"))
        r.dropMateIllegal = letterList(*d, child(ptr, "dropMateIllegal"));
    if (const Json* i = member(v, "immobileIllegal"))
        r.immobileIllegal = boolean(*i, child(ptr, "immobileIllegal"));
    if (const Json* c = member(v, "checkRule")) {
        std::string cp = child(ptr, "checkRule");
        std::string s = string(*c, cp);
        if (s == "anyRoyal")
            r.checkRule = CheckRule::AnyRoyal;
        else if (s == "soleRoyal")
            r.checkRule = CheckRule::SoleRoyal;
        else if (s == "none")
            r.checkRule = CheckRule::None;
        else
            fail(cp, "expected 'anyRoyal', 'soleRoyal' or 'none', got " + quote(s));
    }
    if (const Json* f = member(v, "flyingRoyals"))
        r.flyingRoyals = boolean(*f, child(ptr, "flyingRoyals"));
    if (const Json* c = member(v, "checkmate")) r.checkmate = outcome(*c, child(ptr, "checkmate"));
    if (const Json* s = member(v, "stalemate")) r.stalemate = outcome(*s, child(ptr, "stalemate"));
    if (const Json* b = member(v, "bareRoyal")) r.bareRoyal = outcome(*b, child(ptr, "bareRoyal"));
    if (const Json* b = member(v, "bareRoyalReply"))
        r.bareRoyalReply = boolean(*b, child(ptr, "bareRoyalReply"));
    if (const Json* n = member(v, "nMoveRule"))
        r.nMoveRule = integer(*n, child(ptr, "nMoveRule"), 0, 1000);
    if (const Json* rep = member(v, "repetition")) {
        std::string rp = child(ptr, "repetition");
        object(*rep, rp);
        checkKeys(*rep, rp, {"count", "result"});
        r.repetitionCount = integer(required(*rep, rp, "count"), child(rp, "count"), 2, 100);
        if (const Json* res = member(*rep, "result"))
            r.repetition = outcome(*res, child(rp, "result"));
    }
    if (const Json* p = member(v, "perpetualCheckLoses"))
        r.perpetualCheckLoses = boolean(*p, child(ptr, "perpetualCheckLoses"));
    if (const Json* b = member(v, "royalCountBeforeMove"))
        r.royalCountBeforeMove = boolean(*b, child(ptr, "royalCountBeforeMove"));
    if (const Json* c = member(v, "citadels"))
        r.citadels = loadCitadels(*c, child(ptr, "citadels"));
    if (const Json* rr = member(v, "royalRank")) {
        std::string rp = child(ptr, "royalRank");
        r.royalRank = letterList(*rr, rp);
        for (std::size_t i = 0; i < r.royalRank.size(); ++i)
            if (!variant_->pieces[r.royalRank[i]].royal)
                fail(child(rp, i),
                     quote(variant_->pieces[r.royalRank[i]].letter) + " is not royal");
    }
    if (const Json* sw = member(v, "swap")) r.swap = loadSwap(*sw, child(ptr, "swap"));
    if (const Json* pl = member(v, "placement")) {
        std::string pp = child(ptr, "placement");
        array(*pl, pp);
        for (std::size_t i = 0; i < pl->size(); ++i)
            r.placements.push_back(loadPlacement((*pl)[i], child(pp, i)));
    }
}

CitadelRule Loader::loadCitadels(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr,
              {"squares", "ownEntrants", "enemyEntrants", "enemyEntry", "exchange",
               "unlimitedExchange", "attackable"});
    CitadelRule c;
    std::string sp = child(ptr, "squares");
    c.squares = region(required(v, ptr, "squares"), sp);
    if ((c.squares.of[0] & c.squares.of[1]).any()) fail(sp, "the two sides' citadels overlap");
    if (const Json* o = member(v, "ownEntrants"))
        c.ownEntrants = letterList(*o, child(ptr, "ownEntrants"));
    if (const Json* e = member(v, "enemyEntrants")) {
        std::string ep = child(ptr, "enemyEntrants");
        std::string s = string(*e, ep);
        if (s == "none")
            c.enemyEntrants = CitadelRule::Enemy::None;
        else if (s == "topRoyal")
            c.enemyEntrants = CitadelRule::Enemy::TopRoyal;
        else if (s == "anyRoyal")
            c.enemyEntrants = CitadelRule::Enemy::AnyRoyal;
        else
            fail(ep, "expected 'none', 'topRoyal' or 'anyRoyal', got " + quote(s));
    }
    if (const Json* e = member(v, "enemyEntry")) {
        std::string ep = child(ptr, "enemyEntry");
        if (e->is_null())
            c.enemyEntry.reset();
        else
            c.enemyEntry = outcome(*e, ep);
    }
    if (const Json* x = member(v, "exchange")) c.exchange = boolean(*x, child(ptr, "exchange"));
    if (const Json* x = member(v, "unlimitedExchange"))
        c.unlimitedExchange = boolean(*x, child(ptr, "unlimitedExchange"));
    if (const Json* a = member(v, "attackable"))
        c.attackable = boolean(*a, child(ptr, "attackable"));
    return c;
}

SwapRule Loader::loadSwap(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr, {"piece", "when", "pawnToLastRank", "withSeveralRoyals"});
    SwapRule r;
    std::string pp = child(ptr, "piece");
    r.piece = letterRef(required(v, ptr, "piece"), pp);
    if (const Json* w = member(v, "when")) {
        std::string wp = child(ptr, "when");
        std::string s = string(*w, wp);
        if (s == "checkOrNoMove")
            r.when = SwapRule::When::CheckOrNoMove;
        else if (s == "check")
            r.when = SwapRule::When::Check;
        else if (s == "noMove")
            r.when = SwapRule::When::NoMove;
        else if (s == "always")
            r.when = SwapRule::When::Always;
        else
            fail(wp, "expected 'checkOrNoMove', 'check', 'noMove' or 'always', got " + quote(s));
    }
    if (const Json* b = member(v, "pawnToLastRank"))
        r.pawnToLastRank = boolean(*b, child(ptr, "pawnToLastRank"));
    if (const Json* b = member(v, "withSeveralRoyals"))
        r.withSeveralRoyals = boolean(*b, child(ptr, "withSeveralRoyals"));
    return r;
}

PlacementRule Loader::loadPlacement(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr,
              {"piece", "from", "becomes", "fork", "forkRoyals", "immobilise", "ontoFriend",
               "ontoEnemy"});
    PlacementRule r;
    r.piece = letterRef(required(v, ptr, "piece"), child(ptr, "piece"));
    r.from = region(required(v, ptr, "from"), child(ptr, "from"));
    r.becomes = letterRef(required(v, ptr, "becomes"), child(ptr, "becomes"));
    auto flag = [&](const char* key, bool& out) {
        if (const Json* b = member(v, key)) out = boolean(*b, child(ptr, key));
    };
    flag("fork", r.fork);
    flag("forkRoyals", r.forkRoyals);
    flag("immobilise", r.immobilise);
    flag("ontoFriend", r.ontoFriend);
    flag("ontoEnemy", r.ontoEnemy);
    if (!r.fork && !r.immobilise) fail(ptr, "a placement needs \"fork\" or \"immobilise\"");
    return r;
}

PromotionRule Loader::loadPromotion(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr,
              {"pieces", "zone", "choices", "mandatory", "fromZoneToo", "limit", "relocateTo",
               "relocationBlocked"});
    PromotionRule rule;
    std::string pp = child(ptr, "pieces");
    rule.pieces = letterList(required(v, ptr, "pieces"), pp);
    if (rule.pieces.empty()) fail(pp, "name at least one piece that promotes");
    const Geometry& g = variant_->board;
    if (const Json* z = member(v, "zone")) {
        rule.zone = region(*z, child(ptr, "zone"));
    } else {
        for (int f = 0; f < g.files; ++f) {
            rule.zone.of[White].set(g.square(f, g.ranks - 1));
            rule.zone.of[Black].set(g.square(f, 0));
        }
    }
    if (const Json* c = member(v, "choices")) rule.choices = letterList(*c, child(ptr, "choices"));
    if (rule.choices.empty()) {
        for (std::size_t i = 0; i < rule.pieces.size(); ++i) {
            const PieceSpec& piece = variant_->pieces[rule.pieces[i]];
            if (piece.promotesTo == kNoPieceType)
                fail(child(pp, i), "piece " + quote(piece.letter) +
                                       " has no promotesTo, so this rule needs \"choices\"");
        }
    }
    if (const Json* r = member(v, "relocateTo"))
        rule.relocateTo = letterRef(*r, child(ptr, "relocateTo"));
    if (const Json* b = member(v, "relocationBlocked")) {
        std::string bp = child(ptr, "relocationBlocked");
        std::string s = string(*b, bp);
        using Blocked = PromotionRule::Blocked;
        if (s == "royalForbids")
            rule.relocationBlocked = Blocked::RoyalForbids;
        else if (s == "removeAny")
            rule.relocationBlocked = Blocked::RemoveAny;
        else if (s == "occupiedForbids")
            rule.relocationBlocked = Blocked::OccupiedForbids;
        else
            fail(bp, "expected 'royalForbids', 'removeAny' or 'occupiedForbids', got " + quote(s));
        if (rule.relocateTo == kNoPieceType) fail(bp, "only meaningful with \"relocateTo\"");
    }
    if (const Json* m = member(v, "mandatory"))
        rule.mandatory = boolean(*m, child(ptr, "mandatory"));
    if (const Json* f = member(v, "fromZoneToo"))
        rule.fromZoneToo = boolean(*f, child(ptr, "fromZoneToo"));
    if (const Json* l = member(v, "limit")) {
        std::string lp = child(ptr, "limit");
        object(*l, lp);
        for (auto it = l->begin(); it != l->end(); ++it) {
            std::string ep = child(lp, it.key());
            PieceType t = letterRef(Json(it.key()), ep);
            if (std::find(rule.choices.begin(), rule.choices.end(), t) == rule.choices.end())
                fail(ep, "limit on " + quote(variant_->pieces[t].letter) +
                             ", which is not one of this rule's choices");
            if (rule.limit.count(t))
                fail(ep, "limit on " + quote(variant_->pieces[t].letter) + " given twice");
            rule.limit[t] = integer(it.value(), ep, 0, kMaxSquares);
        }
    }
    return rule;
}

CastlingRule Loader::loadCastling(const Json& v, const std::string& ptr) const {
    object(v, ptr);
    checkKeys(v, ptr, {"king", "rook", "rank", "kingside", "queenside"});
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
    side("kingside", c.kingsideKingFile, c.kingsideRookFile);
    side("queenside", c.queensideKingFile, c.queensideRookFile);
    return c;
}

// Rules that depend on each other and on the pieces.
void Loader::checkConsistency(const Json& rulesJson) {
    const Variant& v = *variant_;
    const Rules& r = v.rules;
    auto where = [&](const char* key, const std::string& fallback) {
        return member(rulesJson, key) ? child("/rules", key) : fallback;
    };
    bool anyRoyal = std::any_of(v.pieces.begin(), v.pieces.end(), [](auto& p) { return p.royal; });
    if (!anyRoyal) {
        if (r.checkRule != CheckRule::None)
            fail(where("checkRule", "/pieces"),
                 "no piece is royal; mark one \"royal\": true or set rules.checkRule to 'none'");
        if (r.flyingRoyals) fail("/rules/flyingRoyals", "needs a royal piece");
        if (r.bareRoyal) fail("/rules/bareRoyal", "needs a royal piece");
    }
    if (member(rulesJson, "bareRoyalReply") && !r.bareRoyal)
        fail("/rules/bareRoyalReply", "only allowed together with bareRoyal");
    if (r.perpetualCheckLoses && r.repetitionCount == 0)
        fail("/rules/perpetualCheckLoses", "needs rules.repetition");
    if (r.capturesToHand && !r.drops) fail("/rules/capturesToHand", "needs \"drops\": true");
    if (!r.dropMateIllegal.empty() && !r.drops)
        fail("/rules/dropMateIllegal", "needs \"drops\": true");
    bool anyDrop = false;
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        if (!v.pieces[i].moves.drop) continue;
        anyDrop = true;
        if (!r.drops)
            fail(child(child("/pieces", i), "betza"),
                 "has an @ drop rule but rules.drops is not true");
    }
    if (r.drops && !anyDrop)
        fail("/rules/drops", "no piece can be dropped: give the droppable pieces an @ suffix");
    for (std::size_t i = 0; i < r.dropMateIllegal.size(); ++i)
        if (!v.pieces[r.dropMateIllegal[i]].moves.drop)
            fail(child("/rules/dropMateIllegal", i),
                 quote(v.pieces[r.dropMateIllegal[i]].letter) + " cannot be dropped");
    if (r.castling && hasCastlingAtom(v.pieces[r.castling->king].moves))
        fail("/rules/castling", "castling for " + quote(v.pieces[r.castling->king].letter) +
                                    " is already given by the O in its Betza");
}

void Loader::compileTables() {
    Variant& v = *variant_;
    const Geometry& g = v.board;
    v.tables.reserve(v.pieces.size());
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        const PieceSpec& spec = v.pieces[i];
        betza::CompileInput input;
        input.moves = &spec.moves;
        if (!spec.zoneMoves.empty()) {
            for (int c = 0; c < 2; ++c) {
                auto& at = input.movesAt[c];
                at.assign(g.squareCount(), &spec.moves);
                for (int sq = 0; sq < g.squareCount(); ++sq)
                    for (const auto& z : spec.zoneMoves)
                        if (z.zone.of[c][sq]) {
                            at[sq] = &z.moves;
                            break;
                        }
            }
        }
        input.allowed = spec.confinement.of;
        // Citadels are off the board for every piece that may never enter one.
        Geometry pieceBoard = g;
        if (const auto& cit = v.rules.citadels) {
            const auto& own = cit->ownEntrants;
            bool entrant = std::find(own.begin(), own.end(), PieceType(i)) != own.end() ||
                           (spec.royal && cit->enemyEntrants != CitadelRule::Enemy::None);
            // Attackable citadels (O15) stay squares for everyone's attacks; the generator still
            // lets no one but the entrants in.
            if (!entrant && !cit->attackable)
                pieceBoard.holes |= cit->squares.of[0] | cit->squares.of[1];
        }
        try {
            v.tables.push_back(betza::compile(input, pieceBoard));
        } catch (const std::exception& e) {
            fail(child(child("/pieces", i), "betza"), std::string("cannot compile: ") + e.what());
        }
    }
}

std::string readFile(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw VariantError(path + ": no such variant file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw VariantError(path + ": cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw VariantError(path + ": cannot read the file");
    return text.str();
}

// "inherits": NAME or PATH: the variant is its base with this file's members merged over it
// (a JSON merge patch: objects merge key by key, anything else replaces, null deletes).
Json resolveInheritance(Json root, const std::string& origin, int depth) {
    if (!root.is_object() || !root.contains("inherits")) return root;
    const Json& base = root["inherits"];
    if (!base.is_string() || base.get<std::string>().empty())
        throw VariantError(origin + ": /inherits: expected the name or path of a variant");
    if (depth > 8) throw VariantError(origin + ": /inherits: inheritance nested too deep");
    std::string name = base.get<std::string>();
    bool isPath = name.find('/') != std::string::npos || name.ends_with(".json");
    std::string path = name;
    if (!isPath) {
        path = variantsDirectory() + "/" + name + ".json";
    } else if (!name.starts_with("/")) {
        path = (std::filesystem::path(origin).parent_path() / name).string();
    }
    Json merged = resolveInheritance(parseJson(readFile(path), path), path, depth + 1);
    root.erase("inherits");
    merged.merge_patch(root);
    return merged;
}

}  // namespace

std::shared_ptr<const Variant> loadVariantText(const std::string& text, const std::string& origin) {
    Json root = resolveInheritance(parseJson(text, origin), origin, 0);
    return Loader(origin).load(root);
}

std::shared_ptr<const Variant> loadVariantFile(const std::string& path) {
    return loadVariantText(readFile(path), path);
}

std::string variantsDirectory() {
    if (const char* env = std::getenv("TIMUR_VARIANTS"); env && *env) return env;
#ifdef TIMUR_VARIANTS_DIR
    return TIMUR_VARIANTS_DIR;
#else
    return "variants";
#endif
}

std::vector<std::string> shippedVariantNames() {
    std::vector<std::string> names;
    std::error_code ec;
    std::filesystem::directory_iterator it(variantsDirectory(), ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const auto& path = it->path();
        if (path.extension() != ".json" || path.filename() == "schema.json") continue;
        names.push_back(path.stem().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::shared_ptr<const Variant> loadVariant(const std::string& nameOrPath) {
    bool isPath = nameOrPath.find('/') != std::string::npos ||
                  (nameOrPath.size() >= 5 && nameOrPath.ends_with(".json"));
    if (isPath) return loadVariantFile(nameOrPath);
    std::string path = variantsDirectory() + "/" + nameOrPath + ".json";
    std::error_code ec;
    if (nameOrPath.empty() || !std::filesystem::is_regular_file(path, ec)) {
        std::string known;
        for (const auto& n : shippedVariantNames()) known += (known.empty() ? "" : ", ") + n;
        throw VariantError(nameOrPath + ": unknown variant (no file " + path +
                           "); known: " + (known.empty() ? "none" : known));
    }
    return loadVariantFile(path);
}

}  // namespace timur
