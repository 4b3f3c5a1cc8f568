// The engine behind the human agent's "hint" and the coach (--coach): the
// review's search and endgame solver asked about one position while a
// person plays (gamehost/agents/coach.h says what each call answers).
#pragma once

#include "gamehost/play/agents/coach.h"
#include "gamehost/review/review.pb.h"

namespace gamehost::review {

namespace rpb = gamehost::review::v1;

class EngineCoach final : public Coach {
 public:
  // Positions the solver may visit before a verdict falls back to the
  // search: small, so that a move early in the game is judged quickly.
  static constexpr std::uint64_t kSolverNodes = 20000;
  // The same for the game's own solver (METHOD_SOLVE), counted by the
  // game: about 0.3 s of Alien City's solver, 0.03 s of Connect Four's.
  static constexpr std::uint64_t kSolveNodes = 200'000;

  std::string hint(const Turn& turn, std::uint64_t iterations, std::uint64_t seed) override;
  MoveVerdict judge(const Turn& turn, std::uint32_t action, std::uint64_t iterations, std::uint64_t seed) override;

  // The review of the move `action` at `turn` behind judge()'s words: its
  // class, points lost, values before and after, the better move and line.
  static rpb::PlyReview review(const Turn& turn, std::uint32_t action, std::uint64_t iterations,
                               std::uint64_t seed);
};

}  // namespace gamehost::review
