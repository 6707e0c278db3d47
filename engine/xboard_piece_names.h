// XBoard 4.9.1's piece types by the names of their image files (draw.c, pngPieceNames): a piece
// shown as type N is drawn from White<NAME>.svg / Black<NAME>.svg under -pieceImageDirectory.
// Shared by the variant loader (a piece's "xboardPiece") and the XBoard dialect (the setup
// line's piece-to-char table, engine/xboard_setup.cpp).
#pragma once

#include <array>
#include <string_view>

namespace timur {

// Index = XBoard's piece type. Type 29 repeats "Lance" in XBoard's list: a name always means
// the first type of that name.
inline constexpr std::array<std::string_view, 66> kXBoardPieceNames = {
    "Pawn",       "Knight",        "Bishop",      "Rook",        "Queen",       "Advisor",
    "Elephant",   "Archbishop",    "Marshall",    "Gold",        "Commoner",    "Canon",
    "Nightrider", "CrownedBishop", "CrownedRook", "Crown",       "Chancellor",  "Hawk",
    "Lance",      "Cobra",         "Unicorn",     "Lion",        "Sword",       "Zebra",
    "Camel",      "Tower",         "Wolf",        "Hat",         "Duck",        "Lance",
    "Dragon",     "Gnu",           "Cub",         "LShield",     "Pegasus",     "Wizard",
    "Copper",     "Iron",          "Viking",      "Flag",        "Axe",         "Dolphin",
    "Leopard",    "Claw",          "Left",        "Butterfly",   "PromoBishop", "PromoRook",
    "HCrown",     "RShield",       "Prince",      "Phoenix",     "Kylin",       "Drunk",
    "Right",      "GoldPawn",      "GoldKnight",  "PromoHorse",  "PromoDragon", "GoldLance",
    "GoldSilver", "HSword",        "PromoSword",  "PromoHSword", "Princess",    "King"};

// The type XBoard draws as its King: the last entry of each half of a piece-to-char table.
inline constexpr int kXBoardKingType = 65;

// XBoard's piece type of that name, or -1.
constexpr int xboardPieceType(std::string_view name) {
    for (int t = 0; t < int(kXBoardPieceNames.size()); ++t)
        if (kXBoardPieceNames[size_t(t)] == name) return t;
    return -1;
}

}  // namespace timur
