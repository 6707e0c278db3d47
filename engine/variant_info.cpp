#include "engine/variant_info.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>

#include "engine/fen.h"

namespace timur {

namespace {

bool hasInitial(const betza::PieceMoves& moves) {
    for (const auto& m : moves.moves)
        if (m.initial) return true;
    return false;
}

std::unique_ptr<VariantInfo> build(const std::shared_ptr<const Variant>& v) {
    auto info = std::make_unique<VariantInfo>();
    info->variant = v;
    info->typeCount = int(v->pieces.size());
    for (int t = 0; t < info->typeCount; ++t) {
        const PieceSpec& p = v->pieces[t];
        if (p.royal) info->royalTypes.push_back(PieceType(t)), info->isRoyal[t] = true;
        bool initial = hasInitial(p.moves);
        for (const auto& z : p.zoneMoves) initial = initial || hasInitial(z.moves);
        info->hasInitialMoves[t] = initial;
        info->resetsClock[t] = p.enPassantVictim;
        if (t < int(v->tables.size())) {
            const betza::CompiledPiece& table = v->tables[t];
            for (int c = 0; c < 2; ++c)
                for (int sq = 0; sq < v->board.squareCount(); ++sq) {
                    const betza::SquareRange& r = table.ranges[c][sq];
                    if (r.begin == r.initial && !v->board.holes[sq])
                        info->deadSquares[t][c].set(sq);
                }
        }
    }
    for (size_t i = 0; i < v->rules.promotions.size(); ++i)
        for (PieceType t : v->rules.promotions[i].pieces) info->promotionRules[t].push_back(int(i));
    for (const PromotionRule& rule : v->rules.promotions) {
        if (rule.choices.empty()) continue;
        for (PieceType t : rule.pieces) {
            info->resetsClock[t] = true;
            if (info->demotedPawn == kNoPieceType) info->demotedPawn = t;
        }
    }
    for (int t = 0; t < info->typeCount; ++t) {
        const auto& rules = info->promotionRules[t];
        bool forced = !rules.empty();
        for (int idx : rules) {
            const PromotionRule& rule = v->rules.promotions[idx];
            size_t results = rule.choices.empty() ? 1 : rule.choices.size();
            forced = forced && rule.mandatory && results == 1;
        }
        info->forcedPromotion[t] = forced;
        info->immune[t] = v->pieces[t].immune.of;
        info->anyImmune = info->anyImmune || v->pieces[t].immune.any();
    }
    if (v->rules.citadels)
        info->citadels = v->rules.citadels->squares.of[0] | v->rules.citadels->squares.of[1];
    for (int side = 0; side < 2; ++side) {
        info->occClass[side][0] = betza::kOccEmpty;
        for (int p = 1; p < 130; ++p)
            info->occClass[side][p] =
                colorOf(Piece(p)) == side ? betza::kOccFriend : betza::kOccEnemy;
    }
    for (int t = 0; t < info->typeCount; ++t) {
        std::string white = v->pieces[t].letter, black = white;
        for (char& c : black)
            if (std::isalpha(static_cast<unsigned char>(c))) {
                c = char(std::tolower(static_cast<unsigned char>(c)));
                break;
            }
        info->letters.push_back({white, makePiece(White, PieceType(t))});
        info->letters.push_back({black, makePiece(Black, PieceType(t))});
    }
    std::stable_sort(info->letters.begin(), info->letters.end(),
                     [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    return info;
}

}  // namespace

std::tuple<size_t, Piece, bool> VariantInfo::readPiece(const std::string& text, size_t pos) const {
    for (const auto& [letter, piece] : letters) {
        if (text.compare(pos, letter.size(), letter) != 0) continue;
        size_t len = letter.size();
        bool promoted = pos + len < text.size() && text[pos + len] == '~';
        return {len + (promoted ? 1 : 0), piece, promoted};
    }
    return {0, kNoPiece, false};
}

std::string VariantInfo::pieceText(Piece p, bool promoted) const {
    for (const auto& [letter, piece] : letters)
        if (piece == p) return promoted ? letter + "~" : letter;
    return "?";
}

const VariantInfo& VariantInfo::of(const std::shared_ptr<const Variant>& variant) {
    // The cache keeps every variant alive, so a pointer is never reused for another one while
    // it is cached. A variant nothing else holds any more (no Position, no variant set) cannot be
    // asked for again and is dropped, so that loading many variants (a fuzzer, a GUI sending
    // variant files) does not grow memory without bound.
    static std::recursive_mutex mutex;
    static std::map<const Variant*, std::unique_ptr<VariantInfo>> cache;
    std::lock_guard lock(mutex);
    auto it = cache.find(variant.get());
    if (it != cache.end()) return *it->second;
    std::erase_if(cache, [](const auto& entry) { return entry.second->variant.use_count() == 1; });
    VariantInfo& info = *(cache[variant.get()] = build(variant));
    try {
        info.startBoard = readFenBoard(*variant, variant->startFen, FenStyle::Lenient).squares;
    } catch (const FenError&) {
        // A variant whose start FEN does not parse has no start board; the loader reports it.
    }
    for (const PromotionRule& rule : variant->rules.promotions) {
        std::array<int, 2> where{-1, -1};
        if (rule.relocateTo != kNoPieceType)
            for (int c = 0; c < 2; ++c)
                for (int sq = 0; sq < variant->board.squareCount() && where[c] < 0; ++sq)
                    if (info.startBoard[sq] == makePiece(Color(c), rule.relocateTo)) where[c] = sq;
        info.relocation.push_back(where);
    }
    return info;
}

}  // namespace timur
