// Checking a puzzle set against its game: a file read from anywhere is
// trusted for nothing the game can check (docs/teaching.md, "Puzzles").
#include <fmt/core.h>

#include <cmath>

#include "gamehost/base/error.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/puzzles/puzzle_file.h"

namespace gamehost::puzzles {
namespace {

class PuzzleChecker {
 public:
  PuzzleChecker(Plugin& plugin, const ppb::Puzzle& puzzle, int k, const std::string& file)
      : plugin_(plugin), puzzle_(puzzle), k_(k), file_(file) {}

  void run() {
    const auto& info = plugin_.info();
    std::string state = puzzle_.state();
    const int to_move = query(state, "state").to_move();
    if (puzzle_.seat() < 0 || puzzle_.seat() >= info.player_names_size())
      fail("seat", fmt::format("{} is no seat of {} (0..{})", puzzle_.seat(), plugin_.id(), info.player_names_size() - 1));
    if (puzzle_.seat() != to_move) fail("seat", fmt::format("{} is not to move in the state ({} is)", puzzle_.seat(), to_move));
    if (puzzle_.side() != info.player_names(puzzle_.seat()))
      fail("side", fmt::format("'{}' is not the name of seat {} ('{}')", clipped(puzzle_.side()), puzzle_.seat(),
                               clipped(info.player_names(puzzle_.seat()))));
    const std::string& d = puzzle_.difficulty();
    if (d != "easy" && d != "medium" && d != "hard")
      fail("difficulty", fmt::format("'{}' is not easy, medium or hard", clipped(d)));
    if (!std::isfinite(puzzle_.gap())) fail("gap", "not a finite number");
    for (int i = 0; i < puzzle_.line_size(); ++i) state = step(i, state);
  }

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw HostError(fmt::format("{}: puzzle {} ({}): {}: {}", file_, k_ + 1,
                                puzzle_.id().empty() ? "no id" : clipped(puzzle_.id()), field, what));
  }

  pb::StateInfo query(const std::string& state, const std::string& field) {
    try {
      return plugin_.query(state, pb::QueryFlags());
    } catch (const CallError& e) {
      fail(field, e.what());
    }
  }

  // The notation the game gives `action` in `state`, and the state after it.
  std::pair<std::string, std::string> play(const std::string& state, std::uint32_t action, const std::string& field) {
    pb::ApplyResponse applied;
    try {
      plugin_.apply(state, action, pb::QueryFlags(), applied, /*describe_action=*/true);
    } catch (const CallError& e) {
      fail(field, fmt::format("action {}: {}", action, e.what()));
    }
    return {applied.action().notation(), applied.state()};
  }

  // Step i from `state`; the state after its best move.
  std::string step(int i, const std::string& state) {
    const ppb::Step& s = puzzle_.line(i);
    const std::string where = fmt::format("line step {}", i + 1);
    const int to_move = query(state, where).to_move();
    if (s.seat() != to_move) fail(where, fmt::format("seat {} is not to move there ({} is)", s.seat(), to_move));
    for (int m = 0; m < s.moves_size(); ++m) {
      const auto& move = s.moves(m);
      const std::string field = fmt::format("{}, move {}", where, m + 1);
      if (!std::isfinite(move.value())) fail(field, "its value is not a finite number");
      const std::string notation = play(state, move.action(), field).first;
      if (notation != move.move())
        fail(field, fmt::format("'{}' is not the notation of action {} ('{}')", clipped(move.move()), move.action(),
                                clipped(notation)));
    }
    auto [best, after] = play(state, s.best_action(), where + ", best_action");
    if (best != s.best())
      fail(where + ", best", fmt::format("'{}' is not the notation of best_action {} ('{}')", clipped(s.best()),
                                         s.best_action(), clipped(best)));
    return after;
  }

  Plugin& plugin_;
  const ppb::Puzzle& puzzle_;
  int k_;
  const std::string& file_;
};

}  // namespace

Plugin& puzzle_plugin(Registry& registry, const ppb::PuzzleSet& set, const std::string& file) {
  try {
    return registry.find(set.game_id());
  } catch (const HostError& e) {
    throw HostError(fmt::format("{}: game_id '{}': {}", file, clipped(set.game_id()), e.what()));
  }
}

void check_puzzle_set(Plugin& plugin, const ppb::PuzzleSet& set, const std::string& file) {
  if (plugin.id() != set.game_id())
    throw HostError(fmt::format("{}: game_id '{}': the puzzles are of another game than {}", file,
                                clipped(set.game_id()), plugin.id()));
  if (!std::isfinite(set.settings().min_gap())) throw HostError(fmt::format("{}: settings.min_gap: not a finite number", file));
  for (int k = 0; k < set.puzzles_size(); ++k) PuzzleChecker(plugin, set.puzzles(k), k, file).run();
}

}  // namespace gamehost::puzzles
