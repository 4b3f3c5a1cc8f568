// The secret behind a game's chance outcomes, and the commit-reveal that lets
// anyone check them after the game (docs/logs.md, "Chance").
//
// A game's chance outcomes are drawn from a SplitMix stream seeded with the
// chance seed. Unless the user asks for a reproducible game, that seed and a
// 16-byte salt come from the operating system's random source and are shown
// to nobody while the game runs: not printed, not given to agents, not in
// the log. The log header records only the commitment, SHA-256 of
// ("gamehost chance v1" ‖ seed as 8 bytes little-endian ‖ salt); the result
// record reveals seed and salt. `verify` then checks that the revealed pair
// hashes to the commitment and that every chance ply is the outcome the
// stream gives at that node, so neither the host nor a player can have
// steered chance without it showing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/base/hex.h"
#include "gamehost/base/secure_random.h"
#include "gamehost/records/game_log.h"

namespace gamehost {

struct ChanceSecret {
  std::uint64_t seed = 0;
  std::string salt;        // 16 bytes (all zero for a reproducible game)
  bool reproducible = false;  // follows from a number the user gave: not secret
};

// A fresh secret from getrandom(2). Throws HostError if the OS refuses.
ChanceSecret secret_chance();
// A reproducible one: the chance seed the user gave, zero salt.
ChanceSecret given_chance(std::uint64_t chance_seed);
// The chance seed of `play --seed N` without --chance-seed (the stream games
// had before chance was secret, so their logs and tests are unchanged).
std::uint64_t chance_seed_of_game_seed(std::uint64_t game_seed);

// The 32-byte SHA-256 commitment to seed and salt (OpenSSL).
std::string chance_commitment(std::uint64_t seed, const std::string& salt);

// Puts the commitment in the header and the reveal in the result.
void commit_chance(pb::LogHeader& header, const ChanceSecret& secret);
void reveal_chance(pb::LogResult& result, const ChanceSecret& secret);

}  // namespace gamehost
