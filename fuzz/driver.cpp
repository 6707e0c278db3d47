// libFuzzer driver: one program per target, TIMUR_FUZZ_TARGET names its entry (fuzz/entries.h).
#include <cstdio>
#include <cstdlib>

#include "fuzz/entries.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const timur::fuzz::Entry entry = timur::fuzz::entryByName(TIMUR_FUZZ_TARGET);
    try {
        entry(std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const timur::fuzz::Failure& e) {
        std::fprintf(stderr, "invariant broken: %s\n", e.what());
        std::abort();
    }
    return 0;
}
