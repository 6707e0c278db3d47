#include "engine/loader/json.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <vector>

#include "engine/variant.h"

namespace timur::loader {

namespace {

std::string escapeToken(std::string_view key) {
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

int editDistance(std::string_view a, std::string_view b) {
    std::vector<int> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = int(j);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (std::size_t j = 1; j <= b.size(); ++j) {
            int up = row[j];
            bool same =
                std::tolower((unsigned char)a[i - 1]) == std::tolower((unsigned char)b[j - 1]);
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

struct DuplicateKey {
    std::string pointer;
};

}  // namespace

std::string child(const std::string& ptr, std::string_view key) {
    return ptr + "/" + escapeToken(key);
}

std::string child(const std::string& ptr, std::size_t index) {
    return ptr + "/" + std::to_string(index);
}

const char* typeName(const Json& v) {
    switch (v.type()) {
        case Json::value_t::null:
            return "null";
        case Json::value_t::object:
            return "an object";
        case Json::value_t::array:
            return "an array";
        case Json::value_t::string:
            return "a string";
        case Json::value_t::boolean:
            return "a boolean";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
            return "an integer";
        case Json::value_t::number_float:
            return "a number with a fraction";
        default:
            return "an unsupported value";
    }
}

Json parseJson(const std::string& text, const std::string& origin) {
    struct Frame {
        bool object = false;
        std::set<std::string> keys;
        std::string key;
        std::size_t index = 0;
    };
    std::vector<Frame> frames;
    auto pointerOf = [&frames](std::size_t depth) {
        std::string p;
        for (std::size_t i = 0; i < depth; ++i)
            p += frames[i].object ? child("", frames[i].key) : child("", frames[i].index);
        return p;
    };
    auto elementDone = [&frames] {
        if (!frames.empty() && !frames.back().object) ++frames.back().index;
    };
    Json::parser_callback_t callback = [&](int, Json::parse_event_t event, Json& parsed) {
        switch (event) {
            case Json::parse_event_t::object_start:
                frames.push_back({true, {}, {}, 0});
                break;
            case Json::parse_event_t::array_start:
                frames.push_back({false, {}, {}, 0});
                break;
            case Json::parse_event_t::key: {
                if (frames.empty() || !parsed.is_string()) break;
                std::string key = parsed.get<std::string>();
                if (!frames.back().keys.insert(key).second)
                    throw DuplicateKey{pointerOf(frames.size() - 1) + child("", key)};
                frames.back().key = key;
                break;
            }
            case Json::parse_event_t::object_end:
            case Json::parse_event_t::array_end:
                if (!frames.empty()) frames.pop_back();
                elementDone();
                break;
            case Json::parse_event_t::value:
                elementDone();
                break;
        }
        return true;
    };
    try {
        return Json::parse(text, callback);
    } catch (const DuplicateKey& d) {
        throw VariantError(origin + ": " + d.pointer + ": duplicate key");
    } catch (const Json::parse_error& e) {
        // Line and column of the offending byte (nlohmann counts bytes from 1).
        std::size_t end = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
        int line = 1, column = 1;
        for (std::size_t i = 0; i < end; ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        std::string what = e.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
        auto at = what.find("column");
        auto colon = at == std::string::npos ? std::string::npos : what.find(": ", at);
        if (colon != std::string::npos) what = what.substr(colon + 2);
        throw VariantError(origin + ": invalid JSON at line " + std::to_string(line) + " column " +
                           std::to_string(column) + ": " + what);
    } catch (const std::exception& e) {
        throw VariantError(origin + ": invalid JSON: " + e.what());
    }
}

void JsonReader::fail(const std::string& ptr, const std::string& what) const {
    throw VariantError(origin_ + ": " + (ptr.empty() ? std::string("/") : ptr) + ": " + what);
}

const Json& JsonReader::object(const Json& v, const std::string& ptr) const {
    if (!v.is_object()) fail(ptr, std::string("expected an object, got ") + typeName(v));
    return v;
}

const Json& JsonReader::array(const Json& v, const std::string& ptr) const {
    if (!v.is_array()) fail(ptr, std::string("expected an array, got ") + typeName(v));
    return v;
}

std::string JsonReader::string(const Json& v, const std::string& ptr, bool nonEmpty) const {
    if (!v.is_string()) fail(ptr, std::string("expected a string, got ") + typeName(v));
    std::string s = v.get<std::string>();
    if (nonEmpty && s.empty()) fail(ptr, "must not be empty");
    return s;
}

bool JsonReader::boolean(const Json& v, const std::string& ptr) const {
    if (!v.is_boolean()) fail(ptr, std::string("expected true or false, got ") + typeName(v));
    return v.get<bool>();
}

int JsonReader::integer(const Json& v, const std::string& ptr, long long lo, long long hi) const {
    long long n = 0;
    if (v.is_number_unsigned()) {
        auto u = v.get<std::uint64_t>();
        n = u > std::uint64_t(hi) ? hi + 1 : (long long)u;
    } else if (v.is_number_integer()) {
        n = v.get<std::int64_t>();
    } else {
        fail(ptr, std::string("expected an integer, got ") + typeName(v));
    }
    if (n < lo || n > hi)
        fail(ptr, "must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                      ", got " + v.dump());
    return int(n);
}

const Json& JsonReader::required(const Json& obj, const std::string& ptr, const char* key) const {
    const Json* v = member(obj, key);
    if (!v) fail(ptr, std::string("missing required key '") + key + "'");
    return *v;
}

void JsonReader::checkKeys(const Json& obj, const std::string& ptr,
                           std::initializer_list<const char*> allowed) const {
    checkKeys(obj, ptr, std::vector<const char*>(allowed));
}

void JsonReader::checkKeys(const Json& obj, const std::string& ptr,
                           const std::vector<const char*>& allowed) const {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        const std::string& key = it.key();
        bool known = false;
        const char* best = nullptr;  // a suggestion: the nearest key, if near enough
        int bestDistance = std::max<int>(2, int(key.size()) / 2) + 1;
        for (const char* a : allowed) {
            if (key == a) known = true;
            int d = editDistance(key, a);
            if (d < bestDistance) bestDistance = d, best = a;
        }
        if (known) continue;
        std::string what = "unknown key " + quote(key);
        if (best)
            what += std::string(" (did you mean '") + best + "'?)";
        else {
            what += " (expected one of:";
            for (const char* a : allowed) what += std::string(" ") + a;
            what += ")";
        }
        fail(child(ptr, key), what);
    }
}

}  // namespace timur::loader
