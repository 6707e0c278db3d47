// timur describe: what the engine believes about a variant — its pieces with their letters,
// values (derived from the moves, or set in the JSON), XBetza and royal flags, and its rules in
// brief.
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "engine/cli/cli.h"
#include "engine/evaluate.h"
#include "notation/parse.h"

namespace timur::cli {

namespace po = boost::program_options;

namespace {

const char* outcomeText(Outcome o) {
    switch (o) {
        case Outcome::Loss:
            return "loses";
        case Outcome::Draw:
            return "draws";
        case Outcome::Win:
            return "wins";
    }
    return "?";
}

std::string letters(const Variant& v, const std::vector<PieceType>& types) {
    std::string s;
    for (PieceType t : types)
        if (t < v.pieces.size()) s += (s.empty() ? "" : ",") + v.pieces[t].letter;
    return s;
}

std::string letters(const Variant& v, const std::bitset<kMaxPieceTypes>& set) {
    std::vector<PieceType> types;
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
        if (set[t]) types.push_back(PieceType(t));
    return letters(v, types);
}

std::string fixed(double x, int digits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", digits, x);
    return buf;
}

void describeRules(const Variant& v, std::ostream& out) {
    const Rules& r = v.rules;
    out << "Rules:\n";
    out << "  checkmate: the mated side " << outcomeText(r.checkmate)
        << "; stalemate: the side without a move " << outcomeText(r.stalemate) << '\n';
    const char* check = r.checkRule == CheckRule::AnyRoyal    ? "no royal may be left attacked"
                        : r.checkRule == CheckRule::SoleRoyal ? "a sole royal may not be left "
                                                                "attacked; with several, they "
                                                                "can be captured"
                        : r.checkRule == CheckRule::AllRoyals
                            ? "a move may not leave every royal attacked at once (duple check)"
                            : "royals are captured; losing "
                              "all of them loses";
    out << "  check: " << check << (r.flyingRoyals ? "; royals may not face each other" : "")
        << '\n';
    if (r.onlyPromotionsLeft)
        out << "  a side with a royal and one piece left, every move of which would promote it, "
            << outcomeText(*r.onlyPromotionsLeft) << '\n';
    if (r.bareRoyal)
        out << "  bare royal: the bared side " << outcomeText(*r.bareRoyal)
            << (r.bareRoyalReply ? " (unless it bares the other at once)" : "") << '\n';
    if (const auto& pv = r.protectedVictims)
        out << "  protected " << letters(v, pv->pieces) << " may not be taken by "
            << (pv->capturers.all() ? std::string("any piece") : letters(v, pv->capturers))
            << (pv->adjacentAllowed ? " (except from next to it)" : "")
            << (pv->bridgeAllowed
                    ? " (except together with another piece" +
                          (pv->bridgeExcept.any() ? " not " + letters(v, pv->bridgeExcept)
                                                  : std::string()) +
                          ")"
                    : "")
            << '\n';
    if (const auto& cs = r.counterstrike)
        out << "  counterstrike: after " << letters(v, cs->pieces)
            << " was taken by another piece, the reply may not do the same"
            << (cs->unlessUnprotected ? " (unless the piece is unprotected)" : "") << '\n';
    for (const PromotionRule& p : r.promotions) {
        out << "  promotion: " << letters(v, p.pieces) << " in " << p.zone.of[White].count()
            << " zone squares -> "
            << (!p.choices.empty() ? letters(v, p.choices)
                : p.demote         ? std::string("the piece it is the promotion of")
                                   : std::string("its promoted form"))
            << (p.mandatory ? "" : " (optional)")
            << (p.quietOnlyOnEntry ? ", a non-capture only when it enters the zone" : "")
            << (p.inPlace ? std::string(", as a move of its own") +
                                (p.stepAsPromoted ? " (in place or a step away)" : " (in place)") +
                                (p.anywhereWhenLast ? ", the last one anywhere" : "") +
                                (p.mayNotAttack ? ", attacking nothing, no check" : "")
                          : std::string())
            << (p.relocateTo != kNoPieceType ? ", relocated" : "") << '\n';
    }
    if (r.castling) out << "  castling\n";
    if (r.drops)
        out << "  drops from hand" << (r.dropPromoted ? ", also on the promoted side" : "")
            << (r.mustDrop ? ", which must be dropped first" : "")
            << (r.capturesToHand ? ", captures go to hand" : "") << '\n';
    if (r.gating) {
        int n = int(r.gating->squares.of[White].count());
        out << "  gating: a piece leaving one of " << n
            << (n == 1 ? " first-rank square" : " first-rank squares")
            << " for the first time may bring a piece from hand onto it (castling: the king's or "
               "the rook's)"
            << (r.drops ? "" : "; no drops") << '\n';
    }
    if (r.citadels)
        out << "  citadels"
            << (r.citadels->enemyEntry
                    ? std::string(": entering the enemy's ") + outcomeText(*r.citadels->enemyEntry)
                    : std::string())
            << (r.citadels->exchange ? ", once-per-game exchange" : "") << '\n';
    if (r.swap) out << "  once-per-game royal swap\n";
    if (!r.placements.empty()) out << "  placements of parked pieces\n";
    auto scored = [](const Rules::EndScore& s, const char* who) {
        return s.counted ? std::string("material counting decides")
                         : std::string(who) + " " + outcomeText(s.outcome);
    };
    if (r.pass)
        out << "  pass: either side may pass (its royal to its own square), not in check"
            << (r.pass->twice
                    ? "; two passes in a row: " + scored(*r.pass->twice, "the side to move")
                    : std::string())
            << '\n';
    if (r.facingRoyals)
        out << "  facing royals: the side to move must part them or pass (even in check); then "
            << scored(*r.facingRoyals, "the side that passed") << '\n';
    if (r.counting) {
        out << "  material counting:";
        for (size_t t = 0; t < v.pieces.size(); ++t)
            if (r.counting->points[t] != 0)
                out << ' ' << v.pieces[t].letter << ' ' << r.counting->points[t];
        if (r.counting->blackBonus != 0) out << ", Black +" << r.counting->blackBonus;
        out << '\n';
    }
    if (r.nMoveRule) out << "  " << r.nMoveRule << "-move rule: draw\n";
    if (r.repetitionCount)
        out << "  " << r.repetitionCount << "-fold repetition: the side to move "
            << outcomeText(r.repetition)
            << (r.perpetualCheckLoses ? "; perpetual check loses for the checker" : "") << '\n';
    else
        out << "  no repetition rule\n";
    if (!r.nMoveRule) out << "  no move-count rule\n";
}

}  // namespace

int runDescribe(int argc, char** argv) {
    po::options_description opts("Options");
    opts.add_options()("help,h", "print this help")(
        "variant,v", po::value<std::string>()->default_value("chess"), "variant name or JSON file");
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
        if (vm.count("help")) {
            std::cout << "Usage: timur describe --variant NAME|FILE\n"
                         "Prints the variant's pieces (letter, value the engine uses and how it\n"
                         "was found, XBetza, royal flag, mobility on an empty board) and its "
                         "rules.\n\n"
                      << opts;
            return kExitOk;
        }
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "timur describe: " << e.what() << "; see timur describe --help\n";
        return kExitUsage;
    }
    std::shared_ptr<const Variant> variant;
    try {
        variant = loadVariant(vm["variant"].as<std::string>());
    } catch (const std::exception& e) {
        std::cerr << "timur describe: " << e.what() << '\n';
        return kExitUsage;
    }
    const Variant& v = *variant;
    std::cout << "Variant: " << v.name << " (" << v.board.files << "x" << v.board.ranks
              << (v.board.holes.any() ? ", with holes" : "") << ")\n";
    if (!v.description.empty()) std::cout << v.description << '\n';
    std::cout << "Start: " << v.startFen << "\n\n";
    std::cout << "Pieces (value in centipawns; 'derived' = from the moves, 'set' = the JSON's):\n";
    for (size_t t = 0; t < v.pieces.size(); ++t) {
        const PieceSpec& p = v.pieces[t];
        PieceProfile prof = pieceProfile(v, PieceType(t));
        std::string why;
        std::optional<std::string> xb = betza::toXBetza(p.moves, &why);
        std::ostringstream line;
        line << "  " << p.letter << "  " << p.name << ": value " << prof.value
             << (p.value ? " (set; derived " + std::to_string(prof.derived) + ")" : " (derived)");
        if (p.royal) line << ", royal";
        if (prof.pawn) line << ", promotes (pawn-like)";
        if (p.firstMoveRight) line << ", initial moves by a FEN right";
        if (p.rightLostWhenAimedBy.any()) {
            line << " (lost to an enemy";
            for (size_t a = 0; a < v.pieces.size(); ++a)
                if (p.rightLostWhenAimedBy[a]) line << ' ' << v.pieces[a].letter;
            line << " aiming at it)";
        }
        if (p.initialNotInCheck) line << ", no initial move in check";
        std::cout << line.str() << '\n';
        std::cout << "     XBetza: " << (xb ? *xb : "not expressible (" + why + ")")
                  << (p.zoneMoves.empty() ? "" : " (other moves in some zones)") << '\n';
        for (const auto& w : p.movesWithin)
            std::cout << "     also, within " << w.squares.of[White].count()
                      << " squares (the rest of the board is off it): " << w.betza << '\n';
        auto typeList = [&](const std::bitset<kMaxPieceTypes>& set) {
            std::string s;
            for (size_t a = 0; a < v.pieces.size(); ++a)
                if (set[a]) s += (s.empty() ? "" : ",") + v.pieces[a].letter;
            return s;
        };
        if (p.mayNotCapture.any())
            std::cout << "     may not capture: " << typeList(p.mayNotCapture) << '\n';
        if (p.mayNotPassOver.any())
            std::cout << "     may not pass over: " << typeList(p.mayNotPassOver) << '\n';
        std::cout << "     reach on an empty board: " << fixed(prof.mobility, 2)
                  << " squares, weighted " << fixed(prof.weighted, 2) << " (leaps "
                  << int(prof.leaperShare * 100 + 0.5) << "%, forward " << fixed(prof.forward, 2)
                  << ", backward " << fixed(prof.backward, 2) << ", reaches "
                  << int(prof.coverage * 100 + 0.5) << "% of the board)\n";
    }
    std::cout << '\n';
    describeRules(v, std::cout);
    return kExitOk;
}

}  // namespace timur::cli
