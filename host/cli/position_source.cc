// Where `show` and `analyze` look: a log's ply, a variation, a position file.
#include "position_source.h"

#include <fmt/core.h>

#include <utility>

#include "gamehost/play/faults.h"
#include "gamehost/base/install_paths.h"
#include "gamehost/records/replay.h"
#include "gamehost/text/typed_move.h"
#include "gamehost/records/variation_tree.h"

namespace gamehost {
namespace {

// A variation (docs/gamehost.md, `show --variation`): the game to the
// path's ply, then its moves read as typed (the same refusals as `enter`).
Position variation_position(Plugin& plugin, const GameLog& log, const std::string& text, const Source& src) {
  const VariationPath path = parse_variation_path(text);
  if (path.ply > log.record.plies_size())
    throw HostError(
        fmt::format("--variation {}: no ply {}: the log has plies 0..{}", text, path.ply, log.record.plies_size()));
  Position p;
  p.plugin = &plugin;
  p.state = replay(plugin, log, path.ply, /*keep_states=*/false).state;
  p.ply = path.ply;
  // Seen by a seat, the variation is played from hands that seat could
  // have imagined, never from the true ones (their moves would tell them).
  std::string sampled;
  if (!src.sample_as.empty() && !path.moves.empty() && samples_hidden(plugin)) {
    const int seat = seat_of_player(plugin, src.sample_as);
    p.state = sample_hidden_state(plugin, p.state, seat, path.ply, src.sample_seed);
    sampled = "; " + sampled_label(plugin, seat, src.sample_seed);
  }
  const std::string moves = play_typed_moves(p, path.moves, "--variation " + text);
  p.title = fmt::format("Position after ply {} of {}{}", path.ply, log.record.plies_size(),
                        moves.empty() ? "" : ", then " + moves + " (a variation" + sampled + ")");
  return p;
}

}  // namespace

void add_source_options(CLI::App* cmd, Source& src) {
  add_log_argument(cmd, src.log);
  cmd->add_option("--ply", src.ply, "the position after ply N (0 = start; default: the end)");
  auto* game = cmd->add_option("--game", src.game, "with --position: the game of the position");
  cmd->add_option("--position", src.position, "a position file of the game instead of a log")
      ->type_name("FILE")
      ->needs(game)
      ->excludes("LOG")
      ->excludes("--ply");
  cmd->add_option("--option,-o", src.options, "with --position: another game option NAME=VALUE")->type_name("K=V");
}

std::string play_typed_moves(Position& p, const std::vector<std::string>& moves, const std::string& label) {
  std::string played;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto read = read_typed_move(*p.plugin, p.state, moves[i]);
    if (auto* refused = std::get_if<std::string>(&read))
      throw HostError(fmt::format("{}: move {} ({}): {}", label, i + 1, moves[i], *refused));
    const auto& action = std::get<pb::ActionInfo>(read);
    pb::ApplyResponse applied;
    p.plugin->apply(p.state, action.id(), pb::QueryFlags(), applied);
    p.before = std::exchange(p.state, applied.state());
    played += (i ? ", " : "") + action.notation();
  }
  return played;
}

Position load_position(Registry& registry, const Source& src) {
  Position p;
  if (!src.position.empty()) {
    p.plugin = &registry.find(src.game);
    p.state = position_state(*p.plugin, src.position, src.options);
    p.title = fmt::format("Position {}", src.position);
    return p;
  }
  if (src.log.empty()) throw HostError("give a LOG, or --game GAME --position FILE");
  const GameLog log = read_log(src.log);
  p.plugin = &registry.find(log.record.header().game_id());
  if (!src.variation.empty()) return variation_position(*p.plugin, log, src.variation, src);
  const Replayed r = replay(*p.plugin, log, src.ply, /*keep_states=*/true);
  p.state = r.state;
  p.ply = r.plies;
  std::vector<int> seats;
  for (int k = 0; k < r.plies; ++k) seats.push_back(log.record.plies(k).player());
  // After a takeback nothing is marked: the position is the one before it.
  const bool after_takeback = r.plies > 0 && log.record.plies(r.plies - 1).taken_back();
  if (const int k = last_move_start(seats); k >= 0 && !after_takeback) p.before = r.states[static_cast<std::size_t>(k)];
  p.title = fmt::format("Position after ply {} of {}{}", r.plies, log.record.plies_size(),
                        log.finished()  ? ""
                        : log.faulted() ? fmt::format(" (stopped by a fault: {})", fault_text(log.record.fault()))
                                        : " (unfinished game)");
  return p;
}

std::string position_state(Plugin& plugin, const std::string& position, const std::vector<std::string>& options) {
  pb::NewGameRequest req;
  for (const auto& o : options) *req.add_options() = parse_option(o, false);
  *req.add_options() = position_option(position);
  try {
    return plugin.new_game(req).state();
  } catch (const CallError& e) {
    throw HostError(fmt::format("{}: {}", position, e.what()));
  }
}

CLI::Option* add_log_argument(CLI::App* cmd, std::string& log) {
  return cmd->add_option("LOG", log, "a game log (a bare sample name, e.g. seed-1.ghlog, is a shipped sample)")
      ->type_name("LOG")
      ->transform([](std::string name) { return find_log(name); });
}

}  // namespace gamehost
