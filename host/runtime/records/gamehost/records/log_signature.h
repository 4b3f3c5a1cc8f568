// Signed logs (docs/logs.md, "Signing"): an HMAC-SHA-256 (OpenSSL's
// libcrypto) over every byte before a trailing signature record, so that a
// holder of the key can tell that no byte was changed since signing.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "gamehost/records/game_log.h"

namespace gamehost {

inline constexpr std::string_view kSignatureAlgorithm = "HMAC-SHA-256";

// The key in `path` (its bytes, as they are; at least 16 of them). Throws
// HostError "OPTION PATH: what" naming `option` (e.g. "--sign-key").
std::string read_sign_key(const std::filesystem::path& path, const std::string& option);

// `log_bytes` (a whole log; any signature it has is dropped) with a new
// signature record appended.
std::string signed_log(std::string_view log_bytes, const std::string& key, const std::string& file);

// Signs the log file at `path` in place (through a temporary file and a
// rename, so a crash leaves the old or the new file, never half of one).
void sign_log_file(const std::filesystem::path& path, const std::string& key);

// Throws HostError "FILE: byte N, signature: what" unless `log` (read from
// `bytes`) carries a signature that `key` makes for those bytes.
void check_signature(const GameLog& log, std::string_view bytes, const std::string& key);

}  // namespace gamehost
