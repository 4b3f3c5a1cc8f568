// The log's statement of its chance and secrets, checked (verify, import;
// docs/logs.md, "What verify checks"). A game with chance says which chance
// it used: reproducible (from a number the user gave, zero salt) or secret
// (drawn from the OS, random salt), and how it was committed; every field
// of that statement must agree with the others and with what is revealed,
// so that removing the commitment, or relabelling a secret game
// reproducible or a reproducible one secret, is refused, naming the field.
#pragma once

#include "gamehost/records/game_log.h"

namespace gamehost {

// Throws HostError "FILE: byte N, header|result: FIELD: what" at the first
// inconsistency. `has_chance` and `has_hidden_information` are the game's
// (GameInfo); the chance plies themselves are checked by check_chance.
void check_secrecy_statement(const GameLog& log, bool has_chance, bool has_hidden_information);

}  // namespace gamehost
