#include "engine/version.h"

namespace timur {

const char* engineName() {
    return "Timur";
}
const char* engineVersion() {
    return TIMUR_VERSION;  // project(VERSION) in CMakeLists.txt
}

}  // namespace timur
