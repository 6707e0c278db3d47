// The engine's name and version, as reported by `timur --version` and the protocols.
#pragma once

namespace timur {

const char* engineName();
const char* engineVersion();

}  // namespace timur
