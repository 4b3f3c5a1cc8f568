// The secrets of a game played with secret chance (docs/logs.md, "Secret
// games"): the chance seed and salt, the seal key of a game with hidden
// information (log_seal.h), and the agents' seed. All come from the OS's
// secure source, are committed in the log header (SHA-256) and revealed
// with the result; while the game runs they live in the host's memory and,
// when the user asks (play --secret-file FILE), in FILE, so that a killed
// game can be resumed by whoever holds FILE and by no one else.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "gamehost/secrets/chance_secret.h"
#include "gamehost/records/game_log.h"

namespace gamehost {

struct GameSecrets {
  ChanceSecret chance;
  std::string seal_key;  // empty: the plies are not sealed (no hidden information)
  std::uint64_t agents_seed = 0;
  std::string agents_salt;  // 16 bytes
};

// Fresh secrets; `seal`: also a seal key (a game with hidden information).
GameSecrets draw_game_secrets(bool seal);

// SHA-256("gamehost agents v1" ‖ seed as 8 bytes little-endian ‖ salt).
std::string agents_commitment(std::uint64_t seed, const std::string& salt);

// The seed of the agent at `seat` (of a kind told apart by `salt`) of a
// secret game: the first 8 bytes of SHA-256("gamehost agent seed v1" ‖
// agents seed ‖ seat ‖ salt), so that one agent's seed, once known, tells
// nothing of the secret or of another agent's.
std::uint64_t secret_agent_seed(std::uint64_t agents_seed, int seat, std::uint64_t salt);

// The header's commitments (chance, seal key, agents) and the result's or
// fault's reveal.
void commit_secrets(pb::LogHeader& header, const GameSecrets& secrets);
void reveal_secrets(pb::LogResult& result, const GameSecrets& secrets);

// play --secret-file: writes FILE (mode 0600, never over an existing file)
// or reads it back for the log whose header is given, checking every
// secret against the header's commitments. Throws HostError naming FILE.
void write_secret_file(const std::filesystem::path& path, const GameSecrets& secrets);
GameSecrets read_secret_file(const std::filesystem::path& path, const pb::LogHeader& header);

}  // namespace gamehost
