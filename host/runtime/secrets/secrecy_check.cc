#include "gamehost/secrets/secrecy_check.h"

#include <fmt/core.h>

#include <algorithm>

#include "gamehost/secrets/chance_secret.h"
#include "gamehost/secrets/game_secrets.h"

namespace gamehost {
namespace {

bool all_zero(const std::string& bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == 0; });
}

// The header's own statement, readable while the game runs.
void check_header_statement(const GameLog& log, bool has_chance, bool has_hidden_information) {
  const auto& h = log.record.header();
  auto fail = [&](const std::string& what) { throw HostError(log_error(log.file, kLogPrelude, "header", what)); };
  const bool committed = !h.chance_commitment().empty();
  const bool secret_parts = !h.agents_commitment().empty() || !h.seal_cipher().empty();
  if (!committed && log.record.result().has_chance_seed())
    throw HostError(log_error(log.file, log.result_offset, "result",
                              "a chance seed is revealed, but the header commits to none"));
  if (has_chance && !committed)
    fail("chance_commitment: the game has chance, but the header commits to no chance seed: a log of a game with "
         "chance states its chance (reproducible or secret) and commits to it");
  if (!committed && secret_parts)
    fail("chance_commitment: the header commits to secret agents' seeds or seals its plies, but commits to no "
         "chance seed");
  if (committed && h.chance_commitment().size() != 32)
    fail(fmt::format("chance_commitment: {} bytes, a SHA-256 commitment has 32", h.chance_commitment().size()));
  if (h.chance_reproducible() && !h.agents_commitment().empty())
    fail("chance_reproducible: the game is flagged reproducible, but its header commits to secret agents' seeds "
         "(agents_commitment), as only a secret game's does");
  if (h.chance_reproducible() && !h.seal_cipher().empty())
    fail("chance_reproducible: the game is flagged reproducible, but its plies are sealed (seal_cipher), as only "
         "a secret game's are");
  if (!h.agents_commitment().empty() && has_hidden_information && h.seal_cipher().empty())
    fail("seal_cipher: a secret game with hidden information seals its plies, but the header names no seal_cipher");
}

// What the result reveals, against the header.
void check_reveal(const GameLog& log) {
  const auto& h = log.record.header();
  const auto& r = log.record.result();
  auto fail = [&](const std::string& what) { throw HostError(log_error(log.file, log.result_offset, "result", what)); };
  if (r.has_chance_seed() && !h.chance_commitment().empty()) {
    const bool zero_salt = all_zero(r.chance_salt());
    if (h.chance_reproducible() && !zero_salt)
      fail("chance_reproducible: the game is flagged reproducible, but its chance salt is not zero: its chance was "
           "drawn secretly");
    if (!h.chance_reproducible() && zero_salt)
      fail("chance_reproducible: the game is flagged secret, but its chance salt is zero, as only a reproducible "
           "game's (--seed, --chance-seed) is");
    if (!h.chance_reproducible() && r.chance_seed() == chance_seed_of_game_seed(h.seed()))
      fail(fmt::format("chance_reproducible: the game is flagged secret, but its chance seed {} is the one --seed "
                       "{} gives",
                       r.chance_seed(), h.seed()));
  }
  if (h.agents_commitment().empty()) {
    if (r.has_agents_seed())
      fail("agents_seed: an agents' seed is revealed, but the header commits to none (agents_commitment)");
    return;
  }
  if (!r.has_agents_seed())
    fail("agents_seed: the header commits to the agents' seed (agents_commitment), but the result does not reveal it");
  if (agents_commitment(r.agents_seed(), r.agents_salt()) != h.agents_commitment())
    fail(fmt::format("agents_seed: the revealed agents' seed {} does not match the header's agents_commitment",
                     r.agents_seed()));
}

}  // namespace

void check_secrecy_statement(const GameLog& log, bool has_chance, bool has_hidden_information) {
  check_header_statement(log, has_chance, has_hidden_information);
  if (log.finished()) check_reveal(log);
}

}  // namespace gamehost
