#include "engine/version.h"

namespace timur {

const char* engineName() {
    return "Timur";
}
const char* engineVersion() {
    return "0.1.0";
}

}  // namespace timur
