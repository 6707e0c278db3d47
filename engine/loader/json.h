// The loader's JSON layer: parsing with duplicate keys reported, JSON pointers, and typed access
// that fails with "ORIGIN: /json/pointer: what is wrong", suggesting the nearest key for an
// unknown one. Knows nothing of variants.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace timur::loader {

using Json = nlohmann::ordered_json;

// The pointer to member `key` or element `index` of the value at `ptr` ("" is the root).
std::string child(const std::string& ptr, std::string_view key);
std::string child(const std::string& ptr, std::size_t index);

// "an object", "a string", ... for messages.
const char* typeName(const Json& v);

// JSON text -> Json. Throws VariantError "ORIGIN: invalid JSON at line L column C: ..." or
// "ORIGIN: /pointer: duplicate key" (nlohmann would silently keep the last one).
Json parseJson(const std::string& text, const std::string& origin);

// Reads the values of one document. Each accessor checks the type and fails with the pointer
// otherwise; fail() throws VariantError "ORIGIN: POINTER: what" (the root is "/").
class JsonReader {
  public:
    explicit JsonReader(std::string origin) : origin_(std::move(origin)) {}
    const std::string& origin() const { return origin_; }

    [[noreturn]] void fail(const std::string& ptr, const std::string& what) const;

    const Json& object(const Json& v, const std::string& ptr) const;
    const Json& array(const Json& v, const std::string& ptr) const;
    std::string string(const Json& v, const std::string& ptr, bool nonEmpty = true) const;
    bool boolean(const Json& v, const std::string& ptr) const;
    int integer(const Json& v, const std::string& ptr, long long lo, long long hi) const;
    // The member `key` of an object, or nullptr.
    static const Json* member(const Json& obj, const char* key) {
        auto it = obj.find(key);
        return it == obj.end() ? nullptr : &*it;
    }
    const Json& required(const Json& obj, const std::string& ptr, const char* key) const;
    // Fails on a key not in `allowed`, naming the nearest allowed key if one is near enough.
    void checkKeys(const Json& obj, const std::string& ptr,
                   std::initializer_list<const char*> allowed) const;
    void checkKeys(const Json& obj, const std::string& ptr,
                   const std::vector<const char*>& allowed) const;

  private:
    std::string origin_;
};

}  // namespace timur::loader
