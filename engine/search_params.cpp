#include "engine/search_params.h"

namespace timur::search_params {

const std::vector<Tunable>& tunables() {
#ifdef TIMUR_TUNE
#define TIMUR_TUNABLE(name, def, lo, hi) {#name, &name, def, lo, hi},
    static const std::vector<Tunable> list = {TIMUR_SEARCH_PARAMS(TIMUR_TUNABLE)};
#undef TIMUR_TUNABLE
#else
    static const std::vector<Tunable> list;
#endif
    return list;
}

}  // namespace timur::search_params
