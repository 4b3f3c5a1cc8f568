// Sealed plies (docs/logs.md, "Sealed plies"): while a secret game with
// hidden information is being played, the part of each ply record that
// could tell a seat what it may not see (the state hash; a chance ply's
// outcome and notation) is written encrypted with AES-256-GCM (OpenSSL) under
// a per-game random key, in a fixed-size plaintext so that record sizes do
// not depend on it. The key stays in the host's memory (and in the
// --secret-file the user names, for resuming) and is revealed in the result
// (or the fault) record; a reader then opens every ply and the log is the
// same as an unsealed one.
#pragma once

#include <string>

#include "gamehost/records/game_log.h"

namespace gamehost {

inline constexpr std::string_view kSealCipher = "AES-256-GCM";
inline constexpr std::size_t kSealKeyBytes = 32;
// nonce 12 + plaintext 96 + tag 16: every sealed part has this size.
inline constexpr std::size_t kSealedBytes = 124;

// A fresh key from the OS's secure source.
std::string new_seal_key();
// SHA-256("gamehost seal v1" ‖ key), the header's seal_key_commitment.
std::string seal_key_commitment(const std::string& key);

// Moves `ply`'s hidden fields into ply.sealed (a fresh random nonce each
// time). Throws HostError when a chance notation is too long to seal.
void seal_ply(pb::LogPly& ply, const std::string& key);

// Opens every sealed ply of `log` with `key` (checked against the header's
// commitment first), filling in the hidden fields; `where` names the key's
// origin in messages ("result", "--secret-file F"). Throws HostError "FILE:
// byte N, ply P: ..." when the key or a sealed part is not the log's.
void unseal_log(GameLog& log, const std::string& key, const std::string& where);

// Called by parse_log: checks that every ply of a sealed log is sealed and
// holds none of its hidden fields in the clear; opens them with the key the
// result or fault reveals, else marks the log sealed (GameLog::sealed) and
// writes its chance plies "?".
void open_sealed(GameLog& log);

// For a record from a log or from JSON: a sealed ply's hidden fields are
// absent from its clear part (what encode_log writes).
void clear_sealed_fields(pb::LogPly& ply);

// "FILE: the game is being played with its hands and draws sealed ..." for
// commands that need positions after ply 0 of a sealed, unfinished log.
std::string sealed_log_message(const GameLog& log);

}  // namespace gamehost
