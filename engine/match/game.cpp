#include "engine/match/game.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "engine/movegen.h"
#include "engine/text.h"

namespace timur::match {

namespace {

const char* colorName(Color c) {
    return c == White ? "White" : "Black";
}

GameResult winFor(Color c) {
    return c == White ? GameResult::WhiteWins : GameResult::BlackWins;
}

std::pair<int, int> movesAndCp(const std::string& value, const std::string& key) {
    auto colon = value.find(':');
    try {
        if (colon == std::string::npos) throw std::invalid_argument(key);
        size_t used = 0;
        int m = std::stoi(value.substr(0, colon), &used);
        if (used != colon) throw std::invalid_argument(key);
        int cp = std::stoi(value.substr(colon + 1), &used);
        if (used != value.size() - colon - 1 || m <= 0 || cp < 0) throw std::invalid_argument(key);
        return {m, cp};
    } catch (const std::logic_error&) {
        throw std::invalid_argument("--adjudicate " + key + "= needs MOVES:CP, got '" + value +
                                    "'");
    }
}

}  // namespace

Adjudication parseAdjudication(const std::string& text) {
    Adjudication a;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        auto eq = item.find('=');
        std::string key = item.substr(0, eq);
        std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
        if (key == "draw") {
            std::tie(a.drawMoves, a.drawCp) = movesAndCp(value, key);
        } else if (key == "resign") {
            std::tie(a.resignMoves, a.resignCp) = movesAndCp(value, key);
        } else if (key == "maxmoves") {
            try {
                size_t used = 0;
                a.maxMoves = std::stoi(value, &used);
                if (used != value.size() || a.maxMoves <= 0) throw std::invalid_argument(key);
            } catch (const std::logic_error&) {
                throw std::invalid_argument("--adjudicate maxmoves= needs a positive number");
            }
        } else {
            throw std::invalid_argument("--adjudicate: unknown item '" + item +
                                        "' (draw=MOVES:CP, resign=MOVES:CP, maxmoves=N)");
        }
    }
    return a;
}

Move acceptMove(Position& pos, const std::string& text) {
    if (text.empty()) return {};
    Move m = parseMove(pos, text);
    if (!m.isNull()) return m;
    MoveList legal;
    generateLegal(pos, legal);
    // Case-insensitive: drops with a lower-case letter, promotions with an upper-case one.
    for (const Move& x : legal)
        if (lower(moveText(pos, x)) == lower(text)) return x;
    // A promotion without its piece, or with a letter where we write none (shatranj's single
    // choice), when exactly one promotion matches the squares.
    std::string squares = text;
    while (!squares.empty() && !std::isdigit(static_cast<unsigned char>(squares.back())))
        squares.pop_back();
    Move found;
    int count = 0;
    for (const Move& x : legal) {
        if (x.promo == kNoPieceType || x.kind == MoveKind::Drop) continue;
        std::string t = moveText(pos, x);
        if (t.size() >= squares.size() && t.compare(0, squares.size(), squares) == 0 &&
            (t.size() == squares.size() ||
             !std::isdigit(static_cast<unsigned char>(t[squares.size()]))))
            found = x, ++count;
    }
    return count == 1 ? found : Move{};
}

GameRecord playGame(EngineDriver& white, EngineDriver& black,
                    std::shared_ptr<const Variant> variant, const Opening& opening,
                    const GameOptions& options, int number) {
    EngineDriver* players[2] = {&white, &black};
    GameRecord rec;
    rec.number = number;
    rec.white = white.name();
    rec.black = black.name();
    rec.variant = variant->name;
    rec.tc = options.tc;
    rec.whiteLimits = limitsText(white.config());
    rec.blackLimits = limitsText(black.config());
    rec.startFen = opening.fen.empty() ? variant->startFen : opening.fen;
    rec.variantStart = opening.fen.empty() || opening.fen == variant->startFen;

    Position pos(variant);
    pos.setFen(rec.startFen);
    for (const std::string& text : opening.moves) {
        Move m = parseMove(pos, text);
        if (m.isNull()) throw MatchError("opening move " + text + " is illegal in " + pos.fen());
        rec.moves.push_back(moveText(pos, m, true));
        pos.makeMove(m);
    }
    rec.openingPlies = int(rec.moves.size());

    auto finish = [&](GameResult r, const std::string& comment, const std::string& termination) {
        rec.result = r;
        rec.comment = comment;
        rec.termination = termination;
        for (EngineDriver* e : players) e->gameOver(resultText(r), comment);
        return rec;
    };

    GameSetup setup;
    setup.variant = variant;
    setup.startFen = rec.startFen;
    setup.variantStart = rec.variantStart;
    setup.tc = options.tc;
    for (Color c : {White, Black}) {
        EngineDriver& e = *players[c];
        try {
            if (!e.healthy()) {
                e.quit();
                e.start();
            }
            e.newGame(setup);
        } catch (const EngineError& err) {
            if (e.healthy()) throw MatchError(err.what());  // it answers but cannot play this
            return finish(
                winFor(~c),
                std::string(colorName(c)) + " fails to start the game (" + err.what() + ")",
                "abandoned");
        }
    }

    std::vector<GameClock> clocks{GameClock(options.tc), GameClock(options.tc)};
    std::vector<std::optional<int>> scores[2];  // per side, one per engine move
    const Adjudication& adj = options.adjudication;
    int enginePlies = 0;
    for (;;) {
        MoveList legal;
        generateLegal(pos, legal);
        GameEnd end = gameEnd(pos, legal);
        if (end.over()) {
            std::string comment =
                end.result == GameResult::Draw
                    ? "Draw by " + end.reason
                    : std::string(end.result == GameResult::WhiteWins ? "White" : "Black") +
                          " wins by " + end.reason;
            return finish(end.result, comment, "normal");
        }
        if (adj.maxMoves && enginePlies >= 2 * adj.maxMoves)
            return finish(GameResult::Draw,
                          "Draw by adjudication: " + std::to_string(adj.maxMoves) + " moves played",
                          "adjudication");

        Color us = pos.sideToMove();
        EngineDriver& e = *players[us];
        ThinkTimes times;
        times.whiteMs = clocks[White].remainingMs();
        times.blackMs = clocks[Black].remainingMs();
        times.whiteIncMs = times.blackIncMs = options.tc.incMs;
        times.movesToGo = clocks[us].movesToGo();
        std::int64_t wait = clocks[us].remainingMs() + options.marginMs + options.hangGraceMs;
        EngineReply r = e.think(rec.moves, times, int(std::min<std::int64_t>(wait, 1 << 30)));
        std::string who = colorName(us);
        switch (r.kind) {
            case EngineReply::Timeout:
                return finish(winFor(~us),
                              who + "'s connection stalls (no move in " +
                                  std::to_string(r.elapsedMs) + " ms)",
                              "stalled connection");
            case EngineReply::Disconnect:
                return finish(winFor(~us), who + " disconnects", "abandoned");
            case EngineReply::Resign:
                return finish(winFor(~us), who + " resigns", "normal");
            case EngineReply::Claim:
                return finish(winFor(~us), who + " makes a false claim: " + r.raw,
                              "rules infraction");
            case EngineReply::Rejected:
                return finish(winFor(~us), who + " rejects a legal move: " + r.raw,
                              "rules infraction");
            case EngineReply::Move:
                break;
        }
        if (!clocks[us].charge(r.elapsedMs, options.marginMs))
            return finish(winFor(~us), who + " loses on time", "time forfeit");
        Move m = acceptMove(pos, r.move);
        if (m.isNull())
            return finish(winFor(~us), who + " makes an illegal move: " + r.raw, "illegal move");
        rec.moves.push_back(moveText(pos, m, true));
        pos.makeMove(m);
        ++enginePlies;

        // Score adjudication on the engines' own reports.
        scores[us].push_back(r.score);
        auto lastAll = [&](Color c, int n, auto pred) {
            const auto& s = scores[c];
            if (int(s.size()) < n) return false;
            return std::all_of(s.end() - n, s.end(),
                               [&](const std::optional<int>& v) { return v && pred(*v); });
        };
        if (adj.resignMoves &&
            lastAll(us, adj.resignMoves, [&](int v) { return v <= -adj.resignCp; })) {
            MoveList next;
            generateLegal(pos, next);
            if (!gameEnd(pos, next).over())
                return finish(winFor(~us),
                              std::string(colorName(~us)) + " wins by adjudication: " + who +
                                  "'s score at most -" + std::to_string(adj.resignCp) + " for " +
                                  std::to_string(adj.resignMoves) + " moves",
                              "adjudication");
        }
        if (adj.drawMoves &&
            lastAll(White, adj.drawMoves, [&](int v) { return std::abs(v) <= adj.drawCp; }) &&
            lastAll(Black, adj.drawMoves, [&](int v) { return std::abs(v) <= adj.drawCp; })) {
            MoveList next;
            generateLegal(pos, next);
            if (!gameEnd(pos, next).over())
                return finish(GameResult::Draw,
                              "Draw by adjudication: scores within " + std::to_string(adj.drawCp) +
                                  " for " + std::to_string(adj.drawMoves) + " moves",
                              "adjudication");
        }
    }
}

}  // namespace timur::match
