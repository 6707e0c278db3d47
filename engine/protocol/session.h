// What both protocol front ends (protocol/uci.h, protocol/xboard.h) share: a thread-safe line
// writer and the set of variants the engine has loaded. protocol/run.h starts the engine.
#pragma once

#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/variant.h"

namespace timur::protocol {

// Writes whole lines, flushed, from any thread.
class Output {
  public:
    explicit Output(std::ostream& out) : out_(out) {}
    void line(const std::string& text);
    // Held by line(); a front end may hold it (it is recursive) to keep its state and its output
    // in step across threads.
    std::recursive_mutex& mutex() { return mutex_; }

  private:
    std::ostream& out_;
    std::recursive_mutex mutex_;
};

// The variants the engine can play: every shipped one that loads, plus files loaded later.
class VariantSet {
  public:
    // Loads the shipped variants; the ones that fail are listed in errors().
    void loadShipped();
    // Loads a JSON file; returns the variant (replacing one of the same name). Throws
    // VariantError.
    std::shared_ptr<const Variant> loadFile(const std::string& path);
    // By name (case-insensitive); null if unknown.
    std::shared_ptr<const Variant> find(const std::string& name) const;
    std::shared_ptr<const Variant> defaultVariant() const;  // chess, else the first
    const std::vector<std::shared_ptr<const Variant>>& all() const { return variants_; }
    std::vector<std::string> names() const;
    const std::vector<std::string>& errors() const { return errors_; }

  private:
    void add(std::shared_ptr<const Variant> v);
    std::vector<std::shared_ptr<const Variant>> variants_;
    std::vector<std::string> errors_;
};

}  // namespace timur::protocol
