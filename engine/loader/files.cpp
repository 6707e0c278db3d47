// Where variants come from: files, shipped names, inheritance between files (a JSON merge patch),
// and the public entry points of engine/variant.h.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/loader/loader.h"
#include "engine/text.h"

namespace timur {

namespace {

using loader::Json;

std::string readFile(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw VariantError(path + ": no such variant file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw VariantError(path + ": cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw VariantError(path + ": cannot read the file");
    return text.str();
}

// What XBoard calls the base belongs to the base's name (compared as XBoard's `variant` command
// is, ignoring case): a file that renames its base is a variant XBoard does not know, unless it
// gives "xboard" itself.
void forgetXBoardOnRename(Json& base, const Json& patch) {
    auto lowerName = [](const Json& j) {
        auto it = j.find("name");
        return lower(it != j.end() && it->is_string() ? it->get<std::string>() : "");
    };
    if (base.is_object() && patch.contains("name") && !patch.contains("xboard") &&
        lowerName(base) != lowerName(patch))
        base.erase("xboard");
}

// The base's square corrections were fitted to its board and its pieces: a file that gives
// another board or other pieces does without them (it may give its own).
void forgetSquaresOnNewBoard(Json& base, const Json& patch) {
    if (!base.is_object() || !base.contains("evaluation") || !base["evaluation"].is_object())
        return;
    bool newBoard = false;
    if (patch.contains("board")) {
        Json board = base.value("board", Json());
        board.merge_patch(patch["board"]);
        newBoard = board != base.value("board", Json());
    }
    bool newPieces = patch.contains("pieces");
    if (newBoard || newPieces) base["evaluation"].erase("squares");
}

// "inherits": NAME or PATH: the variant is its base with this file's members merged over it
// (a JSON merge patch: objects merge key by key, anything else replaces, null deletes).
Json resolveInheritance(Json root, const std::string& origin, int depth) {
    if (!root.is_object() || !root.contains("inherits")) return root;
    const Json& base = root["inherits"];
    if (!base.is_string() || base.get<std::string>().empty())
        throw VariantError(origin + ": /inherits: expected the name or path of a variant");
    if (depth > 8) throw VariantError(origin + ": /inherits: inheritance nested too deep");
    std::string name = base.get<std::string>();
    bool isPath = name.find('/') != std::string::npos || name.ends_with(".json");
    std::string path = name;
    if (!isPath) {
        path = variantsDirectory() + "/" + name + ".json";
    } else if (!name.starts_with("/")) {
        path = (std::filesystem::path(origin).parent_path() / name).string();
    }
    Json merged = resolveInheritance(loader::parseJson(readFile(path), path), path, depth + 1);
    root.erase("inherits");
    forgetXBoardOnRename(merged, root);
    forgetSquaresOnNewBoard(merged, root);
    merged.merge_patch(root);
    return merged;
}

}  // namespace

std::shared_ptr<const Variant> loadVariantText(const std::string& text, const std::string& origin) {
    Json root = resolveInheritance(loader::parseJson(text, origin), origin, 0);
    return loader::Loader(origin).load(root);
}

std::shared_ptr<const Variant> loadVariantFile(const std::string& path) {
    return loadVariantText(readFile(path), path);
}

namespace {

// The directory holding the running executable, or empty where the system cannot tell.
std::filesystem::path executableDirectory() {
    std::error_code ec;
    std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    return exe.parent_path();
}

bool isVariantsDirectory(const std::filesystem::path& dir) {
    std::error_code ec;
    return std::filesystem::is_regular_file(dir / "schema.json", ec);
}

}  // namespace

// TIMUR_VARIANTS first: a user who names a directory means it. Then the variants installed with
// the executable, so that an installed or copied `timur` never reads a source tree that may be
// gone or newer (PREFIX/bin/timur reads PREFIX/share/timur/variants; a copy beside its own
// variants/ reads those). Last the source tree the build came from.
std::string variantsDirectory() {
    if (const char* env = std::getenv("TIMUR_VARIANTS"); env && *env) return env;
    if (std::filesystem::path dir = executableDirectory(); !dir.empty()) {
        for (const char* relative : {"../share/timur/variants", "variants"}) {
            std::filesystem::path candidate = (dir / relative).lexically_normal();
            if (isVariantsDirectory(candidate)) return candidate.string();
        }
    }
#ifdef TIMUR_VARIANTS_DIR
    return TIMUR_VARIANTS_DIR;
#else
    return "variants";
#endif
}

std::vector<std::string> shippedVariantNames() {
    std::vector<std::string> names;
    std::error_code ec;
    std::filesystem::directory_iterator it(variantsDirectory(), ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const auto& path = it->path();
        if (path.extension() != ".json" || path.filename() == "schema.json") continue;
        names.push_back(path.stem().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::shared_ptr<const Variant> loadVariant(const std::string& nameOrPath) {
    bool isPath = nameOrPath.find('/') != std::string::npos ||
                  (nameOrPath.size() >= 5 && nameOrPath.ends_with(".json"));
    if (isPath) return loadVariantFile(nameOrPath);
    std::string path = variantsDirectory() + "/" + nameOrPath + ".json";
    std::error_code ec;
    if (nameOrPath.empty() || !std::filesystem::is_regular_file(path, ec)) {
        std::string known;
        for (const auto& n : shippedVariantNames()) known += (known.empty() ? "" : ", ") + n;
        throw VariantError(nameOrPath + ": unknown variant (no file " + path +
                           "); known: " + (known.empty() ? "none" : known));
    }
    return loadVariantFile(path);
}

}  // namespace timur
