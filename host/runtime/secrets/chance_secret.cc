#include "gamehost/secrets/chance_secret.h"

#include <fmt/core.h>
#include <openssl/sha.h>

namespace gamehost {
namespace {

constexpr std::size_t kSaltBytes = 16;
constexpr std::string_view kDomain = "gamehost chance v1";

}  // namespace

ChanceSecret secret_chance() {
  ChanceSecret s;
  secure_random(&s.seed, sizeof s.seed);
  s.salt.resize(kSaltBytes);
  secure_random(s.salt.data(), s.salt.size());
  return s;
}

ChanceSecret given_chance(std::uint64_t chance_seed) {
  return ChanceSecret{chance_seed, std::string(kSaltBytes, '\0'), true};
}

std::uint64_t chance_seed_of_game_seed(std::uint64_t game_seed) { return game_seed ^ 0xC4A9CEull; }

std::string chance_commitment(std::uint64_t seed, const std::string& salt) {
  std::string message(kDomain);
  for (int i = 0; i < 8; ++i) message += static_cast<char>((seed >> (8 * i)) & 0xff);
  message += salt;
  std::string digest(SHA256_DIGEST_LENGTH, '\0');
  SHA256(reinterpret_cast<const unsigned char*>(message.data()), message.size(),
         reinterpret_cast<unsigned char*>(digest.data()));
  return digest;
}

void commit_chance(pb::LogHeader& header, const ChanceSecret& secret) {
  header.set_chance_commitment(chance_commitment(secret.seed, secret.salt));
  header.set_chance_reproducible(secret.reproducible);
}

void reveal_chance(pb::LogResult& result, const ChanceSecret& secret) {
  result.set_chance_seed(secret.seed);
  result.set_chance_salt(secret.salt);
}

}  // namespace gamehost
