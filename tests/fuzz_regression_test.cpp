// Replays every input the fuzzers found a bug with (fuzz/regressions/<target>/) and the seed
// corpora (fuzz/corpus/<target>/) through the fuzzers' own entry functions (fuzz/entries.h), so a
// fixed bug stays fixed in the normal and the sanitizer builds without clang or libFuzzer.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/entries.h"

namespace fs = std::filesystem;
using namespace timur;

namespace {

std::vector<fs::path> inputs(const std::string& kind, const std::string& target) {
    std::vector<fs::path> out;
    fs::path dir = fs::path(TIMUR_SOURCE_DIR) / "fuzz" / kind / target;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file()) out.push_back(it->path());
    std::sort(out.begin(), out.end());
    return out;
}

void replay(const std::string& kind, const std::string& target) {
    fuzz::Entry entry = fuzz::entryByName(target);
    ASSERT_NE(entry, nullptr) << target;
    for (const fs::path& file : inputs(kind, target)) {
        std::ifstream in(file, std::ios::binary);
        std::ostringstream data;
        data << in.rdbuf();
        SCOPED_TRACE(file.string());
        try {
            entry(data.str());
        } catch (const std::exception& e) {
            ADD_FAILURE() << file << ": " << e.what();
        }
    }
}

class FuzzReplay : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzReplay, Regressions) {
    replay("regressions", GetParam());
}

TEST_P(FuzzReplay, Corpus) {
    replay("corpus", GetParam());
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzReplay,
                         ::testing::Values("betza", "variant", "fen", "protocol"));

}  // namespace
