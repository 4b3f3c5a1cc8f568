# cmake -DIN=file -DOUT=file.cc -DNAME=symbol -DNAMESPACE=ns -P embed_bytes.cmake
# Writes a C++ source defining `std::string_view ns::NAME()` over IN's bytes
# (used to embed a plugin's payload descriptor set).
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" len)
math(EXPR size "${len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n  " bytes "${bytes}")
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by embed_bytes.cmake; do not edit.
#include <string_view>
namespace ${NAMESPACE} {
namespace {
const unsigned char kBytes[${size}] = {
  ${bytes}
};
}  // namespace
std::string_view ${NAME}() {
  return {reinterpret_cast<const char*>(kBytes), ${size}};
}
}  // namespace ${NAMESPACE}
")
# Only touch OUT when it changed, so nothing recompiles needlessly.
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
