#include "gamehost/records/replay.h"

#include <fmt/core.h>

#include <algorithm>

#include "gamehost/records/log_check.h"
#include "gamehost/records/log_seal.h"

namespace gamehost {

pb::QueryFlags step_flags() {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  return f;
}

pb::QueryFlags full_flags() {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  f.set_scores(true);
  return f;
}

namespace {

std::string seat_name(const Plugin& plugin, int seat) {
  if (seat == -1) return "chance";
  if (seat >= 0 && seat < plugin.players()) return plugin.info().player_names(seat);
  return fmt::format("seat {}", seat);
}

}  // namespace

Replayed replay(Plugin& plugin, const GameLog& log, std::optional<int> upto, bool keep_states) {
  const auto& header = log.record.header();
  const std::uint64_t header_at = kLogPrelude;
  auto fail_header = [&](const std::string& what) {
    throw HostError(log_error(log.file, header_at, "header", what));
  };
  if (header.game_id() != plugin.id())
    fail_header(fmt::format("the log is for game '{}', not '{}'", header.game_id(), plugin.id()));
  if (header.interface_version() != kInterfaceVersion)
    fail_header(fmt::format("written with interface version {}, this host speaks version {}",
                            header.interface_version(), kInterfaceVersion));
  if (state_hash(header.initial_state()) != header.initial_state_hash())
    fail_header("the initial state does not match its hash");
  check_header_fields(plugin, log);
  const int plies = log.record.plies_size();
  if (upto && (*upto < 0 || *upto > plies))
    throw HostError(fmt::format("{}: no ply {}: the log has plies 0..{}", log.file, *upto, plies));
  const int last = upto.value_or(plies);
  if (log.sealed && last > 0) throw HostError(sealed_log_message(log));  // its hidden parts are not in the clear

  Replayed r;
  r.state = header.initial_state();
  if (keep_states) r.states.reserve(static_cast<std::size_t>(last) + 1), r.states.push_back(r.state);
  try {
    r.info = plugin.query(r.state, full_flags());
  } catch (const HostError& e) {
    fail_header(fmt::format("the plugin refuses the initial state: {}", e.what()));
  }
  pb::ApplyResponse applied;
  // Inside a stretch taken back together (LogPly.taken_back_plies): the
  // records still to replay in it, and the state it started from.
  std::uint32_t run_left = 0;
  std::string run_start;
  pb::StateInfo run_start_info;
  for (int i = 0; i < last; ++i) {
    const auto& ply = log.record.plies(i);
    const auto where = fmt::format("ply {}", i + 1);
    auto fail = [&](const std::string& what) {
      throw HostError(log_error(log.file, log.ply_offsets[i], where, what));
    };
    if (r.info.terminal()) fail("the game was already over");
    if (ply.taken_back() && ply.player() < 0) fail("a chance event cannot be taken back");
    if (ply.player() != r.info.to_move())
      fail(fmt::format("made by {}, but {} is to move", seat_name(plugin, ply.player()),
                       seat_name(plugin, r.info.to_move())));
    try {
      // No flags: Apply checks legality itself, so replay needs no legal list.
      plugin.apply(r.state, ply.action_id(), pb::QueryFlags(), applied, /*describe_action=*/true);
    } catch (const CallError& e) {
      fail(fmt::format("illegal action {} ({}): {}", ply.action_id(), ply.notation(), e.what()));
    } catch (const PluginFault& f) {
      fail(f.what());
    }
    check_ply_notation(log, i, applied.action().notation());
    const std::uint64_t h = state_hash(applied.state());
    if (h != ply.state_hash())
      fail(fmt::format("state hash mismatch: the log says {:016x}, the replay gives {:016x}",
                       ply.state_hash(), h));
    r.plies = i + 1;
    if (ply.has_taken_back_plies()) {  // a stretch taken back together starts here
      const std::uint32_t n = ply.taken_back_plies();
      if (!ply.taken_back() || n < 2 || run_left > 0 || i + n > static_cast<std::uint32_t>(plies))
        fail(fmt::format("taken_back_plies {} does not mark a stretch of the log's taken-back plies", n));
      run_left = n;
      run_start = r.state;
      run_start_info = r.info;
    }
    if (run_left > 0) {  // played from the record before; after the last, back to the stretch's start
      if (!ply.taken_back()) fail("a ply of a stretch taken back is not marked taken back");
      if (--run_left == 0) {
        r.state = std::move(run_start);
        r.info = std::move(run_start_info);
      } else {
        r.state = std::move(*applied.mutable_state());
        r.info = std::move(*applied.mutable_info());
      }
      if (keep_states) r.states.push_back(r.state);
      continue;
    }
    if (ply.taken_back()) {  // checked, then undone: the game goes on from the state before it
      if (keep_states) r.states.push_back(r.state);
      continue;
    }
    r.state = std::move(*applied.mutable_state());
    r.info = std::move(*applied.mutable_info());
    if (keep_states) r.states.push_back(r.state);
  }
  if (last > 0) r.info = plugin.query(r.state, full_flags());  // scores once, not per ply
  if (last == plies && log.finished()) r.result_reworded = check_result_meaning(log, r.info);
  return r;
}

}  // namespace gamehost
