#include "gamehost/secrets/game_secrets.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <openssl/sha.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "gamehost/records/record_framing.h"
#include "gamehost/records/log_seal.h"
#include "gamehost/records/regular_file.h"

namespace gamehost {
namespace {

constexpr std::size_t kAgentsSaltBytes = 16;

void put_le(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

std::string sha256(const std::string& message) {
  std::string digest(SHA256_DIGEST_LENGTH, '\0');
  SHA256(reinterpret_cast<const unsigned char*>(message.data()), message.size(),
         reinterpret_cast<unsigned char*>(digest.data()));
  return digest;
}

}  // namespace

GameSecrets draw_game_secrets(bool seal) {
  GameSecrets s;
  s.chance = secret_chance();
  if (seal) s.seal_key = new_seal_key();
  s.agents_seed = secure_u64();
  s.agents_salt.resize(kAgentsSaltBytes);
  secure_random(s.agents_salt.data(), s.agents_salt.size());
  return s;
}

std::string agents_commitment(std::uint64_t seed, const std::string& salt) {
  std::string message("gamehost agents v1");
  put_le(message, seed);
  return sha256(message + salt);
}

std::uint64_t secret_agent_seed(std::uint64_t agents_seed, int seat, std::uint64_t salt) {
  std::string message("gamehost agent seed v1");
  put_le(message, agents_seed);
  put_le(message, static_cast<std::uint64_t>(seat));
  put_le(message, salt);
  const std::string digest = sha256(message);
  std::uint64_t seed = 0;
  for (int i = 0; i < 8; ++i) seed |= static_cast<std::uint64_t>(static_cast<unsigned char>(digest[i])) << (8 * i);
  return seed;
}

void commit_secrets(pb::LogHeader& header, const GameSecrets& s) {
  commit_chance(header, s.chance);
  header.set_agents_commitment(agents_commitment(s.agents_seed, s.agents_salt));
  if (s.seal_key.empty()) return;
  header.set_seal_cipher(std::string(kSealCipher));
  header.set_seal_key_commitment(seal_key_commitment(s.seal_key));
}

void reveal_secrets(pb::LogResult& result, const GameSecrets& s) {
  reveal_chance(result, s.chance);
  result.set_agents_seed(s.agents_seed);
  result.set_agents_salt(s.agents_salt);
  result.set_seal_key(s.seal_key);
}

void write_secret_file(const std::filesystem::path& path, const GameSecrets& s) {
  pb::GameSecrets file;
  file.set_chance_commitment(chance_commitment(s.chance.seed, s.chance.salt));
  file.set_chance_seed(s.chance.seed);
  file.set_chance_salt(s.chance.salt);
  file.set_seal_key(s.seal_key);
  file.set_agents_seed(s.agents_seed);
  file.set_agents_salt(s.agents_salt);
  // Readable by its owner only, and never over another file (a link placed
  // there would send the secrets elsewhere).
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    throw HostError(fmt::format("--secret-file {}: cannot create: {}{}", path.string(), std::strerror(errno),
                                errno == EEXIST ? " (give a new file: one game's secrets per file)" : ""));
  try {
    write_fully(fd, file.SerializeAsString(), path.string());
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
}

GameSecrets read_secret_file(const std::filesystem::path& path, const pb::LogHeader& header) {
  const std::string label = fmt::format("--secret-file {}", path.string());
  pb::GameSecrets file;
  if (!file.ParseFromString(read_regular_file(path, label)))
    throw HostError(fmt::format("{}: not a gamehost secret file", label));
  GameSecrets s;
  s.chance = ChanceSecret{file.chance_seed(), file.chance_salt(), false};
  s.seal_key = file.seal_key();
  s.agents_seed = file.agents_seed();
  s.agents_salt = file.agents_salt();
  const auto refuse = [&](const char* field) {
    throw HostError(fmt::format("{}: its secrets are not this game's: they do not match the log header's {}", label,
                                field));
  };
  if (chance_commitment(s.chance.seed, s.chance.salt) != header.chance_commitment()) refuse("chance_commitment");
  if (agents_commitment(s.agents_seed, s.agents_salt) != header.agents_commitment()) refuse("agents_commitment");
  if (!header.seal_cipher().empty() && seal_key_commitment(s.seal_key) != header.seal_key_commitment())
    refuse("seal_key_commitment");
  return s;
}

}  // namespace gamehost
