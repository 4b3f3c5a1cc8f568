#include "gamehost/server/tokens.h"

#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include "gamehost/secrets/chance_secret.h"
#include "gamehost/base/error.h"

namespace gamehost::server {
namespace {

std::string random_hex(int bytes) {
  std::string raw(static_cast<std::size_t>(bytes), '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), bytes) != 1)
    throw HostError("the OS's random source failed (RAND_bytes)");
  return hex(raw);
}

}  // namespace

std::string new_token() { return random_hex(16); }
std::string new_game_id() { return random_hex(6); }

std::string token_hash(const std::string& token) {
  std::string digest(SHA256_DIGEST_LENGTH, '\0');
  SHA256(reinterpret_cast<const unsigned char*>(token.data()), token.size(),
         reinterpret_cast<unsigned char*>(digest.data()));
  return digest;
}

bool token_matches(const std::string& hash, const std::string& token) {
  const std::string given = token_hash(token);
  return hash.size() == given.size() && CRYPTO_memcmp(hash.data(), given.data(), given.size()) == 0;
}

}  // namespace gamehost::server
