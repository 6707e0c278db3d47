#include "engine/zobrist.h"

namespace timur::zobrist {

Keys::Keys() {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&state] {  // splitmix64
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    };
    for (auto& row : piece)
        for (auto& k : row) k = next();
    for (auto& k : virgin) k = next();
    for (auto& k : ep) k = next();
    for (auto& side : hand)
        for (auto& type : side)
            for (auto& k : type) k = next();
    for (auto& k : extra) k = next();
    side = next();
}

const Keys keys;

}  // namespace timur::zobrist
