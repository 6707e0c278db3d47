// Replays every input the fuzzers found a bug with (fuzz/regressions/<target>/) and the seed
// corpora (fuzz/corpus/<target>/) through the fuzzers' own entry functions (fuzz/entries.h), so a
// fixed bug stays fixed in the normal and the sanitizer builds without clang or libFuzzer.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "fuzz/entries.h"

namespace fs = std::filesystem;
using namespace timur;

namespace {

// The targets with kept bug inputs (fuzz/regressions/<target>/) and with seed corpora
// (fuzz/corpus/<target>/). Each folder must exist and hold inputs, and no other folder may exist
// there, so that neither a lost folder nor a new one goes unreplayed.
const std::vector<std::string> kRegressionTargets = {"fen", "protocol", "variant"};
const std::vector<std::string> kCorpusTargets = {"betza", "fen", "protocol", "variant"};

fs::path folder(const std::string& kind, const std::string& target = "") {
    return fs::path(TIMUR_SOURCE_DIR) / "fuzz" / kind / target;
}

std::vector<fs::path> inputs(const std::string& kind, const std::string& target) {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(folder(kind, target)))
        if (entry.is_regular_file()) out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

void replay(const std::string& kind, const std::string& target) {
    ASSERT_TRUE(fs::is_directory(folder(kind, target))) << folder(kind, target) << " is missing";
    fuzz::Entry entry = fuzz::entryByName(target);
    ASSERT_NE(entry, nullptr) << target;
    int replayed = 0;
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
        ++replayed;
    }
    EXPECT_GT(replayed, 0) << folder(kind, target) << " holds no input";
    std::cout << "replayed " << replayed << " inputs of " << folder(kind, target).string() << "\n";
}

std::vector<std::string> foldersIn(const std::string& kind) {
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(folder(kind)))
        if (entry.is_directory()) out.push_back(entry.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

class FuzzRegressions : public ::testing::TestWithParam<std::string> {};
class FuzzCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzRegressions, Replay) {
    replay("regressions", GetParam());
}

TEST_P(FuzzCorpus, Replay) {
    replay("corpus", GetParam());
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzRegressions, ::testing::ValuesIn(kRegressionTargets));
INSTANTIATE_TEST_SUITE_P(Targets, FuzzCorpus, ::testing::ValuesIn(kCorpusTargets));

TEST(FuzzFolders, ExactlyTheListedOnes) {
    EXPECT_EQ(foldersIn("regressions"), kRegressionTargets);
    EXPECT_EQ(foldersIn("corpus"), kCorpusTargets);
}

}  // namespace
