#include "gamehost/chance_secret.h"

#include <fmt/core.h>
#include <openssl/sha.h>
#include <sys/random.h>

#include <cerrno>
#include <cstring>

#include "gamehost/replay.h"

namespace gamehost {
namespace {

constexpr std::size_t kSaltBytes = 16;
constexpr std::string_view kDomain = "gamehost chance v1";

}  // namespace

void secure_random(void* out, std::size_t n) {
  auto* p = static_cast<unsigned char*>(out);
  while (n > 0) {
    const ssize_t got = ::getrandom(p, n, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) throw HostError(fmt::format("cannot draw a secret: getrandom: {}", std::strerror(errno)));
    p += got;
    n -= static_cast<std::size_t>(got);
  }
}

std::uint64_t secure_u64() {
  std::uint64_t v = 0;
  secure_random(&v, sizeof v);
  return v;
}

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

std::string hex(const std::string& bytes) {
  std::string out;
  for (unsigned char c : bytes) out += fmt::format("{:02x}", c);
  return out;
}

void commit_chance(pb::LogHeader& header, const ChanceSecret& secret) {
  header.set_chance_commitment(chance_commitment(secret.seed, secret.salt));
  header.set_chance_reproducible(secret.reproducible);
}

void reveal_chance(pb::LogResult& result, const ChanceSecret& secret) {
  result.set_chance_seed(secret.seed);
  result.set_chance_salt(secret.salt);
}

ChanceCheck check_chance(Plugin& plugin, const GameLog& log, const std::vector<std::string>& states) {
  const auto& header = log.record.header();
  const bool revealed = log.finished() && log.record.result().has_chance_seed();
  if (header.chance_commitment().empty()) {
    if (revealed)
      throw HostError(log_error(log.file, log.result_offset, "result",
                                "a chance seed is revealed, but the header commits to none"));
    return ChanceCheck::NotCommitted;
  }
  if (!log.finished()) return ChanceCheck::Hidden;
  const auto& result = log.record.result();
  if (!revealed)
    throw HostError(log_error(log.file, log.result_offset, "result",
                              "the header commits to a chance seed, but the result does not reveal it"));
  const std::string digest = chance_commitment(result.chance_seed(), result.chance_salt());
  if (digest != header.chance_commitment())
    throw HostError(log_error(
        log.file, log.result_offset, "result",
        fmt::format("the revealed chance seed {} does not match the header's commitment: it hashes to {}, the "
                    "header committed to {}",
                    result.chance_seed(), hex(digest), hex(header.chance_commitment()))));
  SplitMix chance(result.chance_seed());
  for (int i = 0; i < log.record.plies_size(); ++i) {
    const auto& ply = log.record.plies(i);
    if (ply.player() != -1) continue;
    const pb::StateInfo info = plugin.query(states[static_cast<std::size_t>(i)], step_flags());
    const std::uint32_t expected = draw_chance(info, chance.unit());
    if (expected != ply.action_id())
      throw HostError(log_error(log.file, log.ply_offsets[static_cast<std::size_t>(i)], fmt::format("ply {}", i + 1),
                                fmt::format("chance outcome {} ({}) is not the one the revealed chance seed gives "
                                            "(action {})",
                                            ply.action_id(), ply.notation(), expected)));
  }
  return ChanceCheck::Verified;
}

}  // namespace gamehost
