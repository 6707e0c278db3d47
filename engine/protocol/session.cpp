#include "engine/protocol/session.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <sstream>
#include <utility>

#include "engine/text.h"

namespace timur::protocol {

void Output::line(const std::string& text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n';
    out_.flush();
}

void VariantSet::loadShipped() {
    for (const std::string& name : shippedVariantNames()) {
        try {
            add(loadVariant(name));
        } catch (const std::exception& e) {
            errors_.push_back(e.what());
        }
    }
}

std::shared_ptr<const Variant> VariantSet::loadFile(const std::string& path) {
    auto v = loadVariantFile(path);
    add(v);
    return v;
}

void VariantSet::add(std::shared_ptr<const Variant> v) {
    for (auto& old : variants_)
        if (lower(old->name) == lower(v->name)) {
            old = std::move(v);
            return;
        }
    variants_.push_back(std::move(v));
}

std::shared_ptr<const Variant> VariantSet::find(const std::string& name) const {
    std::string n = lower(name);
    for (const auto& v : variants_)
        if (lower(v->name) == n) return v;
    return nullptr;
}

std::shared_ptr<const Variant> VariantSet::defaultVariant() const {
    if (auto v = find("chess")) return v;
    return variants_.empty() ? nullptr : variants_.front();
}

std::vector<std::string> VariantSet::names() const {
    std::vector<std::string> out;
    for (const auto& v : variants_) out.push_back(v->name);
    return out;
}

}  // namespace timur::protocol
