#include "engine/protocol.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <sstream>
#include <utility>

#include "engine/uci.h"
#include "engine/xboard.h"

namespace timur::protocol {

void Output::line(const std::string& text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n';
    out_.flush();
}

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

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

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    std::string w;
    while (in >> w) out.push_back(w);
    return out;
}

std::string trim(const std::string& s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

int run(std::istream& in, std::ostream& out) {
    VariantSet variants;
    variants.loadShipped();
    return run(in, out, std::move(variants));
}

int run(std::istream& in, std::ostream& out, VariantSet variants) {
    Output output(out);
    if (!variants.defaultVariant()) {
        output.line("tellusererror No variant could be loaded from " + variantsDirectory());
        for (const auto& e : variants.errors()) output.line("# " + e);
        return 1;
    }
    std::string line;
    // The first non-empty command picks the protocol; UCI's commands pick UCI, anything else
    // (xboard, protover, a move, perft, ...) XBoard.
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty()) continue;
        auto w = words(line);
        static const char* uciFirst[] = {"uci", "isready", "ucinewgame", "setoption", "position"};
        bool uci = std::any_of(std::begin(uciFirst), std::end(uciFirst),
                               [&](const char* c) { return w[0] == c; });
        if (uci) {
            UciEngine engine(output, variants);
            if (!engine.handle(line)) return 0;
            while (std::getline(in, line))
                if (!engine.handle(trim(line))) return 0;
            engine.finish();
            return 0;
        }
        XBoardEngine engine(output, variants);
        if (!engine.handle(line)) return 0;
        while (std::getline(in, line))
            if (!engine.handle(trim(line))) return 0;
        engine.finish();
        return 0;
    }
    return 0;
}

}  // namespace timur::protocol
