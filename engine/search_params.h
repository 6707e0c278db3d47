// The search's margins and limits, named, so that they can be tuned together. A normal build
// compiles them as constants. Built with -DTIMUR_TUNE=ON, timur offers each as a UCI option
// `Tune_NAME` (bench/spsa.py plays matches between two settings of them and moves them by the
// results); the search then reads them from memory.
#pragma once

#include <vector>

// X(name, default, lowest, highest): where each is used is said in engine/search.cpp.
#define TIMUR_SEARCH_PARAMS(X)                                                         \
    X(ReverseFutilityPerDepth, 90, 40, 200) /* reverse futility, a ply */              \
    X(RazorBase, 200, 50, 400)              /* razoring */                             \
    X(RazorPerDepth, 150, 50, 300)                                                     \
    X(NullMarginBase, 120, 0, 300) /* the null move's margin over beta */              \
    X(NullMarginPerDepth, 13, 0, 40)                                                   \
    X(NullReductionDivisor, 200, 80, 400)  /* a ply more reduced per this much */      \
    X(ProbCutMargin, 190, 80, 350)         /* ProbCut's beta, above beta */            \
    X(LateMoveBase, 5, 2, 10)              /* late-move pruning's count */             \
    X(ExchangeQuietPerDepth, 60, 20, 150)  /* exchange pruning, quiet moves */         \
    X(ExchangeCapturePerDepth2, 20, 5, 60) /* exchange pruning, captures */            \
    X(FutilityBase, 100, 30, 250)          /* futility pruning */                      \
    X(FutilityPerDepth, 72, 30, 150)                                                   \
    X(HistoryPrunePerDepth, 4000, 1000, 10000)    /* history pruning */                \
    X(ReductionDivisorX100, 220, 150, 320)        /* log d log m / this, late moves */ \
    X(ReductionHistoryDivisor, 8000, 3000, 20000) /* a ply less per this history */    \
    X(DeltaMargin, 200, 50, 400)                  /* quiescence's delta pruning */

namespace timur::search_params {

#ifdef TIMUR_TUNE
#define TIMUR_PARAM(name, def, lo, hi) inline int name = def;
#else
#define TIMUR_PARAM(name, def, lo, hi) constexpr int name = def;
#endif
TIMUR_SEARCH_PARAMS(TIMUR_PARAM)
#undef TIMUR_PARAM

// The parameters as options (empty unless built with TIMUR_TUNE).
struct Tunable {
    const char* name;
    int* value;
    int defaultValue, lowest, highest;
};
const std::vector<Tunable>& tunables();
// Recomputes what the search derives from them (the reductions' table), after a change.
void refreshTables();

}  // namespace timur::search_params
