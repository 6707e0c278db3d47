#include "engine/evaluate.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>

#include "engine/bitboard.h"
#include "notation/compile.h"

namespace timur {

namespace {

constexpr double kSlideDiscount = 0.75;  // a square k steps out on a slide counts 0.75^k

// Whether a royal's loss may leave the game going on (several royals, capture to extinction).
bool royalsExpendable(const Variant& v) {
    return v.rules.checkRule != CheckRule::AnyRoyal;
}

struct SquareReach {
    double weighted = 0, forward = 0, backward = 0, leap = 0;
    int count = 0;
};

// What the piece of colour c reaches from `from` on an empty board (normal, non-initial moves).
// `reached` receives every square reached.
SquareReach reachFrom(const betza::CompiledPiece& table, const Geometry& g, Color c, int from,
                      SquareSet* reached = nullptr) {
    SquareReach out;
    const betza::SquareRange& r = table.ranges[c][from];
    std::array<double, kMaxSquares> best{};
    std::array<bool, kMaxSquares> leap{};
    SquareSet seen;
    std::uint32_t stack[64];
    int depth = 0;
    std::uint32_t end = std::min<std::uint32_t>(r.initial, std::uint32_t(table.nodes.size()));
    for (std::uint32_t i = r.begin; i < end;) {
        while (depth > 0 && stack[depth - 1] <= i) --depth;
        const betza::PathNode& n = table.nodes[i];
        if (!(n.flags & betza::kNodeNullMove) && (n.emit & (betza::kOccEmpty | betza::kOccEnemy))) {
            double w = ((n.emit & betza::kOccEmpty) ? 0.5 : 0.0) +
                       ((n.emit & betza::kOccEnemy) ? 0.5 : 0.0);
            w *= std::pow(kSlideDiscount, depth);
            if (w > best[n.sq]) {
                best[n.sq] = w;
                // A leap: one step that no slide goes on from.
                leap[n.sq] = depth == 0 && n.skip <= i + 1;
            }
            seen.set(n.sq);
        }
        if ((n.pass & betza::kOccEmpty) && n.skip > i + 1) {
            if (depth < 64) stack[depth++] = n.skip;
            ++i;
        } else {
            i = std::max<std::uint32_t>(n.skip, i + 1);
        }
    }
    int fromRank = g.rankOf(from);
    for (size_t sq = seen._Find_first(); sq < seen.size(); sq = seen._Find_next(sq)) {
        out.weighted += best[sq];
        if (leap[sq]) out.leap += best[sq];
        int dr = g.rankOf(int(sq)) - fromRank;
        if (c == Black) dr = -dr;
        if (dr > 0) out.forward += best[sq];
        if (dr < 0) out.backward += best[sq];
        ++out.count;
    }
    if (reached) *reached = seen;
    return out;
}

// What a piece reaching `m` weighted squares is worth before the corrections for leaping, going
// backwards and colour binding. Calibrated on chess and its relatives: N ~ 305, B ~ 325, R ~ 500,
// Q ~ 870.
double reachValue(double m) {
    return 60.0 + 43.5 * m + 0.6 * m * m;
}

// The regions of the board a piece's moves connect (union-find over the squares): for a
// bishop the two colours, for a rook the whole board.
class Regions {
  public:
    explicit Regions(int squares) : parent_(squares) {
        std::iota(parent_.begin(), parent_.end(), 0);
    }
    // The piece on `from` reaches every square of `reached`.
    void join(int from, const SquareSet& reached) {
        for (size_t to = reached._Find_first(); to < reached.size(); to = reached._Find_next(to))
            parent_[of(int(to))] = of(from);
    }
    // The region of sq, as the number of one of its squares.
    int of(int sq) {
        while (parent_[sq] != sq) sq = parent_[sq] = parent_[parent_[sq]];
        return sq;
    }

  private:
    std::vector<int> parent_;
};

// [square]: the region of the board a piece of colour c can reach from the square (for a bishop,
// the squares of its colour), as the number of one square in the region.
std::vector<std::uint16_t> reachRegions(const betza::CompiledPiece& table, const Geometry& g,
                                        Color c) {
    int n = g.squareCount();
    Regions regions(n);
    for (int sq = 0; sq < n && sq < int(table.ranges[c].size()); ++sq) {
        if (g.holes[sq]) continue;
        SquareSet reached;
        reachFrom(table, g, c, sq, &reached);
        regions.join(sq, reached);
    }
    std::vector<std::uint16_t> region(n);
    for (int sq = 0; sq < n; ++sq) region[sq] = std::uint16_t(regions.of(sq));
    return region;
}

}  // namespace

PieceProfile pieceProfile(const Variant& v, PieceType t) {
    PieceProfile p;
    if (t >= v.pieces.size()) return p;
    p.royal = v.pieces[t].royal;
    const Geometry& g = v.board;
    if (t < v.tables.size() && !v.tables[t].ranges[White].empty()) {
        const betza::CompiledPiece& table = v.tables[t];
        int n = g.squareCount(), squares = 0;
        Regions regions(n);
        double leap = 0;
        for (int sq = 0; sq < n && sq < int(table.ranges[White].size()); ++sq) {
            if (g.holes[sq]) continue;
            SquareSet reached;
            SquareReach r = reachFrom(table, g, White, sq, &reached);
            p.mobility += r.count;
            p.weighted += r.weighted;
            p.forward += r.forward;
            p.backward += r.backward;
            leap += r.leap;
            ++squares;
            regions.join(sq, reached);
            int ahead = 0;  // squares reached straight up its own file
            for (size_t to = reached._Find_first(); to < reached.size();
                 to = reached._Find_next(to))
                ahead += g.fileOf(int(to)) == g.fileOf(sq) && g.rankOf(int(to)) > g.rankOf(sq);
            p.fileSlider = p.fileSlider || ahead >= 3;
        }
        if (squares) {
            p.leaperShare = p.weighted > 0 ? leap / p.weighted : 0;
            p.mobility /= squares;
            p.weighted /= squares;
            p.forward /= squares;
            p.backward /= squares;
            std::vector<int> size(n, 0);
            int largest = 0;
            for (int sq = 0; sq < n; ++sq)
                if (!g.holes[sq]) largest = std::max(largest, ++size[regions.of(sq)]);
            p.coverage = double(largest) / squares;
        }
    }
    p.pawn = v.info.pawnLike[t];  // VariantInfo::pawnLike says what makes a piece pawn-like
    if (p.pawn) {
        p.derived = 100;
    } else if (p.royal && !royalsExpendable(v)) {
        p.derived = 0;
    } else {
        // A piece that both leaps and slides gets up to 20% more (archbishop, chancellor).
        double m = p.weighted;
        double value = reachValue(m);
        value *= 1.0 + 0.8 * p.leaperShare * (1.0 - p.leaperShare);
        double moving = p.forward + p.backward;
        if (moving > 0) value *= 0.8 + 0.4 * std::min(0.5, p.backward / moving);
        value *= 0.85 + 0.15 * p.coverage;
        p.derived = std::max(30, int(std::lround(value)));
    }
    p.value = t < v.pieces.size() && v.pieces[t].value ? *v.pieces[t].value : p.derived;
    return p;
}

int derivedPieceValue(const Variant& v, PieceType t) {
    return pieceProfile(v, t).derived;
}

int pieceValue(const Variant& v, PieceType t) {
    if (t < v.pieces.size() && v.pieces[t].value) return *v.pieces[t].value;
    return derivedPieceValue(v, t);
}

Evaluator::Evaluator(std::shared_ptr<const Variant> variant) : variant_(std::move(variant)) {
    const Variant& v = *variant_;
    const Geometry& g = v.board;
    w_ = v.evalWeights;
    typeCount_ = std::min<int>(int(v.pieces.size()), kMaxPieceTypes);
    for (int c = 0; c < 2; ++c) {
        mg_[c].assign(typeCount_, {});
        eg_[c].assign(typeCount_, {});
        zoneDistance_[c].assign(typeCount_, {});
    }
    std::vector<PieceProfile> profiles;
    bareRoyalLoses_ = v.rules.bareRoyal && *v.rules.bareRoyal == Outcome::Loss;
    hands_ = v.rules.hasHands();
    gatingOnly_ = v.rules.gating && !v.rules.drops;
    for (int t = 0; t < typeCount_; ++t) {
        PieceType pt = PieceType(t);
        PieceProfile prof = pieceProfile(v, pt);
        profiles.push_back(prof);
        values_[t] = prof.value;
        pawn_[t] = prof.pawn;
        royal_[t] = prof.royal;
        royalValued_[t] = prof.royal && values_[t] > 0;
        fileSlider_[t] = prof.fileSlider && !prof.pawn && !prof.royal;
        // The pair is a slider's: two bishops sweep both colours from afar, where two alfils
        // or camels only cover their few squares (Tamerlane, with three such leaper pairs
        // counted, scored 44% against the build without the term).
        colourBound_[t] =
            !prof.pawn && !prof.royal && prof.coverage < 0.55 && prof.leaperShare < 0.5;
        if (colourBound_[t]) {
            for (int c = 0; c < 2; ++c) region_[c][t] = reachRegions(v.tables[t], g, Color(c));
            pairMg_[t] = values_[t] * w_[kWPairMg] / 1000;
            pairEg_[t] = values_[t] * w_[kWPairEg] / 1000;
        }
        if (prof.pawn) pawnStructure_ = true;
        bool haveTable = t < int(v.tables.size()) && !v.tables[t].ranges[White].empty();
        // A piece whose moves change by zone (the xiangqi soldier across the river) is worth, on
        // each square, what the moves it has there are worth: its value scales with the value of
        // its reach there against that of its average reach.
        bool zoneValued = !prof.pawn && !prof.royal && !v.pieces[t].zoneMoves.empty();
        for (int c = 0; c < 2; ++c) {
            Color col = Color(c);
            // The promotion zone of this type for this colour.
            SquareSet zone;
            for (const PromotionRule& rule : v.rules.promotions)
                if (std::find(rule.pieces.begin(), rule.pieces.end(), pt) != rule.pieces.end())
                    zone |= rule.zone.of[c];
            // Advancement counts as much as the promotion is worth: a pawn that becomes a queen
            // is pushed, one that becomes a ferz much less.
            double promoScale = 1.0;
            if (prof.pawn) {
                int gain = 0;
                for (const PromotionRule& rule : v.rules.promotions) {
                    if (std::find(rule.pieces.begin(), rule.pieces.end(), pt) == rule.pieces.end())
                        continue;
                    if (rule.choices.empty() && v.pieces[t].promotesTo != kNoPieceType)
                        gain = std::max(gain, pieceValue(v, v.pieces[t].promotesTo) - values_[t]);
                    for (PieceType to : rule.choices)
                        gain = std::max(gain, pieceValue(v, to) - values_[t]);
                }
                promoScale = std::clamp(gain / 600.0, 0.1, 1.0);
                promoScale_[t] = promoScale;
            }
            std::vector<int> dist(g.squareCount(), 0);
            int maxDist = 0;
            double zoneRank = 0;
            if (zone.any()) {
                for (int sq = 0; sq < g.squareCount(); ++sq) {
                    int d = g.ranks;
                    for (size_t z = zone._Find_first(); z < zone.size(); z = zone._Find_next(z))
                        d = std::min(d, std::abs(g.rankOf(int(z)) - g.rankOf(sq)));
                    dist[sq] = d;
                    if (!g.holes[sq]) maxDist = std::max(maxDist, d);
                }
                for (size_t z = zone._Find_first(); z < zone.size(); z = zone._Find_next(z))
                    zoneRank += g.rankOf(int(z));
                zoneRank /= double(zone.count());
                for (int sq = 0; sq < g.squareCount(); ++sq)
                    zoneDistance_[c][t][sq] = std::uint8_t(std::min(dist[sq], 255));
                maxZoneDistance_[t] = std::max(maxZoneDistance_[t], maxDist);
            }
            forward_[c][t] = zoneRank * 2 >= g.ranks - 1 ? 1 : -1;
            double avg = prof.weighted;
            for (int sq = 0; sq < g.squareCount(); ++sq) {
                if (g.holes[sq]) continue;
                double mg = values_[t], eg = values_[t];
                if (prof.pawn) {
                    // Against the pieces a pawn is worth less while they are on the board
                    // (Stockfish's is a sixth of a knight in the middlegame, a quarter in the
                    // endgame).
                    mg = values_[t] * w_[kWPawnValueMg] / 100.0;
                    // In the middlegame a pawn-like piece gains by advancing on the central
                    // files (it takes the centre) more than on the side files (where it mostly
                    // loosens its side's shelter): a quarter of the bonus on the edge.
                    int f = g.fileOf(sq);
                    double centre = 1.0 - std::abs(2.0 * f - (g.files - 1)) / (g.files - 1.0);
                    if (maxDist > 0) {
                        double p = double(maxDist - dist[sq]) / maxDist;
                        mg += promoScale * (10 * p + 30 * p * p) * (0.25 + 0.75 * centre) *
                              w_[kWPawnAdvanceMg] / 100;
                        eg += promoScale * (20 * p + 80 * p * p) * w_[kWPawnAdvanceEg] / 100;
                    }
                    // A little for central files in the middlegame.
                    mg += 8 * centre;
                } else if (haveTable && sq < int(v.tables[t].ranges[c].size())) {
                    double reach = reachFrom(v.tables[t], g, col, sq).weighted, w = reach - avg;
                    // What the value curve says of this square's reach against the average.
                    double curve = values_[t] * (reachValue(reach) / reachValue(avg) - 1);
                    if (zoneValued) {
                        mg += curve * w_[kWPieceSquareMg] / 100;
                        eg += curve * w_[kWPieceSquareEg] / 100;
                    } else if (prof.royal) {
                        // Royals shelter in the middlegame and come out in the endgame.
                        int back = c == White ? g.rankOf(sq) : g.ranks - 1 - g.rankOf(sq);
                        mg += (-3 * w - 6 * std::min(back, 4)) * w_[kWPieceSquareMg] / 100;
                        eg += 5 * w * w_[kWPieceSquareEg] / 100;
                    } else {
                        mg += 4 * w * w_[kWPieceSquareMg] / 100 + curve * w_[kWReachCurve] / 100;
                        eg += 3 * w * w_[kWPieceSquareEg] / 100 + curve * w_[kWReachCurve] / 100;
                    }
                }
                // The variant's fitted correction for this piece on this square, if any.
                if (t < int(v.squareBonus.size()) && !v.squareBonus[t].mg.empty()) {
                    int i = SquareBonus::index(g, col, sq);
                    mg += v.squareBonus[t].mg[i];
                    eg += v.squareBonus[t].eg[i];
                }
                mg_[c][t][sq] = std::int16_t(std::clamp(std::lround(mg), -32000L, 32000L));
                eg_[c][t][sq] = std::int16_t(std::clamp(std::lround(eg), -32000L, 32000L));
            }
        }
    }
    lightestPiece_ = 0;
    for (int t = 0; t < typeCount_; ++t)
        if (!pawn_[t] && !royal_[t] && values_[t] > 0 &&
            (!lightestPiece_ || values_[t] < lightestPiece_))
            lightestPiece_ = values_[t];
    scaleEndgames_ = !hands_ && !v.rules.bareRoyal && v.rules.stalemate == Outcome::Draw &&
                     pawnStructure_ && lightestPiece_ && w_[kWDrawScale];
    // Distances from the centre, for driving a lone royal to the edge.
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        int df = std::abs(2 * g.fileOf(sq) - (g.files - 1)) / 2;
        int dr = std::abs(2 * g.rankOf(sq) - (g.ranks - 1)) / 2;
        centreDistance_[sq] = std::uint8_t(std::max(df, dr));
        if (!g.holes[sq])
            maxCentreDistance_ = std::max<int>(maxCentreDistance_, centreDistance_[sq]);
    }
    maxRoyalDistance_ = std::max(1, std::max(g.files, g.ranks) - 1);
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        file_[sq] = std::uint8_t(g.fileOf(sq));
        rank_[sq] = std::uint8_t(g.rankOf(sq));
    }
    near3_.assign(g.squareCount(), {});
    royalZone_.assign(g.squareCount(), {});
    dangerRing_.assign(g.squareCount(), {});
    for (int c = 0; c < 2; ++c) royalFlank_[c].assign(g.squareCount(), {});
    for (int dir = 0; dir < 2; ++dir) {
        frontSpan_[dir].assign(g.squareCount(), {});
        frontFile_[dir].assign(g.squareCount(), {});
    }
    for (int sq = 0; sq < g.squareCount(); ++sq) {
        // The danger ring's centre: the royal's square, moved inwards off the edges.
        const int ringFile = std::clamp(g.fileOf(sq), 1, std::max(1, g.files - 2));
        const int ringRank = std::clamp(g.rankOf(sq), 1, std::max(1, g.ranks - 2));
        for (int to = 0; to < g.squareCount(); ++to) {
            if (g.holes[to]) continue;
            int df = std::abs(g.fileOf(to) - g.fileOf(sq)), dr = g.rankOf(to) - g.rankOf(sq);
            if (to != sq && df <= 3 && std::abs(dr) <= 3) near3_[sq].set(to);
            if (to != sq && df <= 1 && std::abs(dr) <= 1) royalZone_[sq].set(to);
            if (std::abs(g.fileOf(to) - ringFile) <= 1 && std::abs(g.rankOf(to) - ringRank) <= 1)
                dangerRing_[sq].set(to);
            // White's camp is the low ranks: ranks 1-5 of 8, 1-6 of 10.
            int camp = g.ranks / 2 + 1, rank = g.rankOf(to);
            if (df <= 2) {
                if (rank < camp) royalFlank_[White][sq].set(to);
                if (rank >= g.ranks - camp) royalFlank_[Black][sq].set(to);
            }
            if (df <= 1 && dr != 0) frontSpan_[dr > 0 ? 0 : 1][sq].set(to);
            if (df == 0 && dr != 0) frontFile_[dr > 0 ? 0 : 1][sq].set(to);
        }
    }
    // Phase: the non-pawn, non-royal material of the start position.
    Position start(variant_);
    int total = 0;
    try {
        start.setStart();
        for (int c = 0; c < 2; ++c)
            for (int t = 0; t < typeCount_; ++t)
                if (!pawn_[t] && !royal_[t])
                    total += values_[t] * (start.count(Color(c), PieceType(t)) +
                                           start.hand(Color(c), PieceType(t)));
    } catch (const std::exception&) {
    }
    total = std::max(1, total);
    phaseNone_ = total * std::clamp(w_[kWPhaseEg], 0, 100) / 100;
    phaseFull_ = std::max(phaseNone_ + 1, total * std::max(w_[kWPhaseMg], 1) / 100);
    // The file terms count pawn-like pieces: without any, no piece earns them.
    if (!pawnStructure_) fileSlider_.fill(false);
    if (pawnStructure_) preparePawnTerms();
    prepareAttackTerms(profiles);
}

bool Evaluator::hasPieces(const Position& pos, Color c) const {
    for (int t = 0; t < typeCount_; ++t)
        if (!pawn_[t] && !royal_[t] &&
            (pos.pieces(c, PieceType(t)).any() || (hands_ && pos.hand(c, PieceType(t)) > 0)))
            return true;
    return false;
}

int Evaluator::phase(const Position& pos) const {
    int material = 0;
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < typeCount_; ++t)
            if (!pawn_[t] && !royal_[t])
                material += values_[t] * (int(pos.pieces(Color(c), PieceType(t)).count()) +
                                          (hands_ ? pos.hand(Color(c), PieceType(t)) : 0));
    return phaseOf(material);
}

int Evaluator::evaluate(const Position& pos) const {
    int mg[2] = {0, 0}, eg[2] = {0, 0};
    int pieceCount[2] = {0, 0};
    int material[2] = {0, 0};  // non-royal piece values, on the board and in hand
    int pawns[2] = {0, 0}, pieceMaterial[2] = {0, 0};  // pawn-like pieces; the others' values
    // Pawn-like pieces per file, for the structure terms.
    PawnFiles pawnFiles{};
    for (int c = 0; c < 2; ++c) {
        // Gating only: of a hand of n pieces with r rights left, r/n of each piece's value
        // counts (the rest can never enter), and no premium for choosing where.
        int gateShare = 256;
        if (gatingOnly_) {
            int held = 0;
            for (int t = 0; t < typeCount_; ++t) held += pos.hand(Color(c), PieceType(t));
            int rights = int((pos.occupied(Color(c)) & variant_->rules.gating->squares.of[c] &
                              pos.virginSquares())
                                 .count());
            if (held > rights) gateShare = 256 * rights / held;
        }
        for (int t = 0; t < typeCount_; ++t) {
            const SquareSet& s = pos.pieces(Color(c), PieceType(t));
            if (s.none() && !(hands_ && pos.hand(Color(c), PieceType(t)))) continue;
            const auto& mt = mg_[c][t];
            const auto& et = eg_[c][t];
            int n = 0;
            forEachSquare(s, [&](int sq) {
                mg[c] += mt[sq];
                eg[c] += et[sq];
                ++n;
                if (pawn_[t]) ++pawnFiles[c][file_[sq] & 15];
            });
            if (hands_) {
                int h = pos.hand(Color(c), PieceType(t));
                int v = gatingOnly_ ? h * values_[t] * gateShare / 256
                                    : h * (values_[t] + values_[t] * w_[kWHandBonus] / 100 + 10);
                mg[c] += v;
                eg[c] += v;
                n += h;
            }
            if (!pawn_[t] && !royal_[t]) pieceMaterial[c] += n * values_[t];
            if (pawn_[t]) pawns[c] += n;
            if (!royal_[t]) {
                pieceCount[c] += n;
                material[c] += n * values_[t];
            }
        }
    }
    int shelters[2] = {0, 0};
    if (pawnStructure_) cachedPawnTerms(pos, pawnFiles, mg, eg, shelters);
    // A file slider on a file free of its own pawn-like pieces (more if of the enemy's too);
    // colour-bound pieces of one type in two regions (the bishop pair) cover what one cannot.
    for (int c = 0; c < 2; ++c) {
        for (int t = 0; t < typeCount_; ++t) {
            if (!fileSlider_[t] && !colourBound_[t]) continue;
            const SquareSet& s = pos.pieces(Color(c), PieceType(t));
            int firstRegion = -1;
            bool pair = false;
            forEachSquare(s, [&](int sq) {
                if (fileSlider_[t] && !pawnFiles[c][file_[sq] & 15]) {
                    bool open = !pawnFiles[~Color(c)][file_[sq] & 15];
                    mg[c] += w_[kWSemiOpenFileMg] + open * w_[kWOpenFileMg];
                    eg[c] += w_[kWSemiOpenFileEg] + open * w_[kWOpenFileEg];
                }
                if (colourBound_[t]) {
                    int r = region_[c][t][sq];
                    if (firstRegion < 0) firstRegion = r;
                    pair = pair || r != firstRegion;
                }
            });
            if (pair) {
                mg[c] += pairMg_[t];
                eg[c] += pairEg_[t];
            }
        }
    }
    // King safety: enemy pieces close to each royal, own pieces around it (middlegame).
    for (int c = 0; c < 2; ++c) {
        Color them = ~Color(c);
        for (int rsq : pos.royals(Color(c))) {
            int danger = 0;
            const SquareSet& near = near3_[rsq];
            SquareSet enemies = pos.occupied(them) & near;
            forEachSquare(enemies, [&](int sq) {
                PieceType t = typeOf(pos.at(sq));
                if (!pawn_[t] && !royal_[t]) danger += values_[t] * (4 - distance(sq, rsq));
            });
            int shield = int((pos.occupied(Color(c)) & royalZone_[rsq]).count());
            double w = danger / 900.0;  // roughly "a queen two squares away" = 2
            mg[c] -= std::min(300, int(10 * w * w)) * w_[kWKingProximity] / 100;
            mg[c] += w_[kWKingShield] * std::min(shield, 4);
            if (pos.royals(Color(c)).size() > 1) break;  // several royals: the first one only
        }
    }
    // Bare-royal rules: a side with next to nothing left is in danger of being bared.
    if (bareRoyalLoses_)
        for (int c = 0; c < 2; ++c)
            if (pieceCount[c] <= 1) eg[c] -= 60 * (2 - pieceCount[c]);
    int phase = phaseOf(pieceMaterial[White] + pieceMaterial[Black]);
    int lead = material[White] - material[Black];
    if (lead != 0) {
        Color strong = lead > 0 ? White : Black;
        eg[strong] += conversion(pos, strong, std::abs(lead), phase) * w_[kWConversion] / 100;
    }
    if (attacks_) attackTerms(pos, mg, eg, shelters);
    Color us = pos.sideToMove();
    int mgScore = mg[us] - mg[~us], egScore = eg[us] - eg[~us];
    if (scaleEndgames_ && egScore != 0) {
        int sf = endgameScale(pos, egScore > 0 ? us : ~us, pawns, pieceMaterial);
        egScore = egScore * (64 - (64 - sf) * w_[kWDrawScale] / 100) / 64;
    }
    int score = (mgScore * phase + egScore * (256 - phase)) / 256;
    return score + w_[kWTempo];
}

// What helps the side ahead in material turn its lead into a win once pieces are off: its royal
// close to the enemy's, the enemy's royal driven from the centre (mates, stalemates where they
// win, and bare royals all happen at the edge with few pieces), and trades, which widen a lead.
// Without it a slow army (ferzes, alfils, wazirs) shuffles until the move-count rule.
int Evaluator::conversion(const Position& pos, Color strong, int lead, int phase) const {
    if (lead < 150 || phase > 160) return 0;
    int bonus = std::min(lead, 800) * (256 - phase) / (256 * 8);  // trading down
    const auto& ours = pos.royals(strong);
    const auto& theirs = pos.royals(~strong);
    if (ours.empty() || theirs.empty()) return bonus;
    int weak = theirs.front(), own = ours.front();
    int apart = distance(weak, own);
    bonus += 40 * centreDistance_[weak] / maxCentreDistance_;
    bonus += 24 * (maxRoyalDistance_ - apart) / maxRoyalDistance_;
    return bonus;
}

// How much of the endgame score the side ahead there can hope to turn into a win, in 64ths
// (Stockfish's scale factors, in terms of any variant's pieces). Without pawn-like pieces a
// lead of less than the lightest piece rarely mates; colour-bound pieces of one type on
// different colours cannot fight for the same squares, so the pawns of the side ahead get
// blocked; and few pawns leave the side ahead little to promote.
int Evaluator::endgameScale(const Position& pos, Color strong, const int* pawns,
                            const int* pieceMaterial) const {
    Color weak = ~strong;
    int lead = pieceMaterial[strong] - pieceMaterial[weak];
    if (!pawns[strong] && lead <= lightestPiece_ * 5 / 4)
        return pieceMaterial[strong] < lightestPiece_ * 3 / 2  ? 0
               : pieceMaterial[weak] <= lightestPiece_ * 5 / 4 ? 4
                                                               : 14;
    if (wrongColourCorner(pos, strong, pieceMaterial)) return 0;
    // Opposite colour-bound pieces: one piece of such a type each, in different regions.
    bool opposite = false;
    for (int t = 0; t < typeCount_ && !opposite; ++t) {
        if (!colourBound_[t]) continue;
        const SquareSet& a = pos.pieces(White, PieceType(t));
        const SquareSet& b = pos.pieces(Black, PieceType(t));
        if (a.count() != 1 || b.count() != 1) continue;
        int sa = int(a._Find_first()), sb = int(b._Find_first());
        opposite = region_[White][t][sa] != region_[White][t][sb];
        if (opposite && pieceMaterial[White] == values_[t] && pieceMaterial[Black] == values_[t])
            return 22;
    }
    return std::min(64, 36 + (opposite ? 2 : 7) * pawns[strong]);
}

// The wrong colour-bound piece: the side ahead has pieces of one colour-bound type only, all in
// one region, and pawn-like pieces of one type only, all on one edge file, and the square where
// they promote on that file lies outside that region; the enemy royal, with no piece to help
// it, stands on that square or next to it. It cannot be driven out, so the pawns never promote
// (chess: king, bishop and rook pawns against the king, the bishop not of the corner's colour).
bool Evaluator::wrongColourCorner(const Position& pos, Color strong,
                                  const int* pieceMaterial) const {
    Color weak = ~strong;
    if (pieceMaterial[weak] != 0 || pos.royals(weak).empty()) return false;
    int bound = -1, pawnType = -1;
    for (int t = 0; t < typeCount_; ++t) {
        if (royal_[t] || pos.pieces(strong, PieceType(t)).none()) continue;
        int& kind = pawn_[t] ? pawnType : bound;
        if (kind >= 0 || (!pawn_[t] && !colourBound_[t])) return false;
        kind = t;
    }
    if (bound < 0 || pawnType < 0 || maxZoneDistance_[pawnType] == 0) return false;
    const auto& region = region_[strong][bound];
    int pieceRegion = -1, file = -1;
    bool oneRegion = true, oneFile = true;
    forEachSquare(pos.pieces(strong, PieceType(bound)), [&](int sq) {
        if (pieceRegion < 0) pieceRegion = region[sq];
        oneRegion = oneRegion && region[sq] == pieceRegion;
    });
    forEachSquare(pos.pieces(strong, PieceType(pawnType)), [&](int sq) {
        if (file < 0) file = file_[sq];
        oneFile = oneFile && file_[sq] == file;
    });
    const Geometry& g = variant_->board;
    if (!oneRegion || !oneFile || (file != 0 && file != g.files - 1)) return false;
    int weakRoyal = pos.royals(weak).front();
    const auto& toZone = zoneDistance_[strong][pawnType];
    for (int sq = 0; sq < g.squareCount(); ++sq)
        if (!g.holes[sq] && file_[sq] == file && toZone[sq] == 0 &&
            (region[sq] == pieceRegion || distance(sq, weakRoyal) > 1))
            return false;
    return true;
}

int Evaluator::gain(const Position& pos, const Move& m) const {
    int g = 0;
    if (m.kind == MoveKind::Normal) {
        Piece p = pos.at(m.to);
        if (p != kNoPiece && colorOf(p) != pos.sideToMove()) g += values_[typeOf(p)];
        for (int i = 0; i < m.victimCount(); ++i) {
            Piece vp = pos.at(m.victim[i]);
            if (vp != kNoPiece) g += values_[typeOf(vp)];
        }
    } else if (m.kind == MoveKind::EnPassant) {
        Piece p = pos.at(m.aux);
        if (p != kNoPiece) g += values_[typeOf(p)];
    }
    if (m.kind != MoveKind::Drop && m.promo != kNoPieceType) {
        Piece mover = pos.at(m.from);
        g += values_[m.promo] - (mover != kNoPiece ? values_[typeOf(mover)] : 0);
    }
    return g;
}

}  // namespace timur
