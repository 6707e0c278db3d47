// The search's own learning tables, apart from a search: the correction history (what the
// search's results taught it about the static evaluation).
#include <gtest/gtest.h>

#include "engine/search_correction.h"

using namespace timur;

TEST(CorrectionHistory, NothingLearnedCorrectsNothing) {
    CorrectionHistory h;
    EXPECT_EQ(h.correct(White, 12345, 37), 37);
    EXPECT_EQ(h.correct(Black, 0, -250), -250);
}

TEST(CorrectionHistory, MovesTowardsTheErrorTheMoreTheDeeper) {
    CorrectionHistory shallow, deep;
    shallow.update(White, 7, 100, 1);  // weight 2 of 256
    deep.update(White, 7, 100, 20);    // weight 16 of 256, the most
    int s = shallow.correct(White, 7, 0), d = deep.correct(White, 7, 0);
    EXPECT_GE(s, 0);
    EXPECT_GT(d, s);
    EXPECT_LE(d, 100);
    // Repeated, the entry converges on the error, however shallow the searches.
    for (int i = 0; i < 2000; ++i) shallow.update(White, 7, 100, 1);
    EXPECT_NEAR(shallow.correct(White, 7, 0), 100, 2);
    // And follows it when the error changes sign.
    for (int i = 0; i < 2000; ++i) shallow.update(White, 7, -60, 30);
    EXPECT_NEAR(shallow.correct(White, 7, 40), -20, 2);
}

TEST(CorrectionHistory, BoundedWhateverTheError) {
    CorrectionHistory h;
    for (int i = 0; i < 2000; ++i) h.update(Black, 99, 30000, 40);
    EXPECT_NEAR(h.correct(Black, 99, 0), CorrectionHistory::kLimit, 1);
    for (int i = 0; i < 2000; ++i) h.update(Black, 99, -30000, 40);
    EXPECT_NEAR(h.correct(Black, 99, 0), -CorrectionHistory::kLimit, 1);
}

TEST(CorrectionHistory, SidesAndKeysApartAndClearForgets) {
    CorrectionHistory h;
    for (int i = 0; i < 500; ++i) h.update(White, 5, 80, 10);
    EXPECT_GT(h.correct(White, 5, 0), 70);
    EXPECT_EQ(h.correct(Black, 5, 0), 0);  // the other side to move
    EXPECT_EQ(h.correct(White, 6, 0), 0);  // another structure
    h.clear();
    EXPECT_EQ(h.correct(White, 5, 0), 0);
}
