// Seat tokens: 128 random bits from the OS (OpenSSL's RAND_bytes), shown to
// their holder once as 32 hex digits. The server keeps only their SHA-256
// and compares hashes in constant time (CRYPTO_memcmp).
#pragma once

#include <string>

namespace gamehost::server {

// A fresh token, 32 lower-case hex digits. Throws HostError if the OS's
// random source fails.
std::string new_token();
// A fresh game id: 12 hex digits (48 random bits).
std::string new_game_id();
// The 32-byte SHA-256 of the token's text.
std::string token_hash(const std::string& token);
// Whether `token` hashes to `hash`, in time independent of where they differ.
bool token_matches(const std::string& hash, const std::string& token);

}  // namespace gamehost::server
