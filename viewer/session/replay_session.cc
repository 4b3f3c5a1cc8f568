#include "viewer/session/replay_session.h"

#include <fmt/core.h>

#include <algorithm>

#include "gamehost/records/replay.h"
#include "gamehost/secrets/record_as_seat.h"

namespace viewer {

std::unique_ptr<ReplaySession> ReplaySession::open(const std::filesystem::path& log_path,
                                                   const std::vector<std::string>& plugin_dirs,
                                                   const SeatOptions& seat,
                                                   const gamehost::LoadOptions& load) {
  return open_log(gamehost::read_log(log_path), log_path, plugin_dirs, seat, load);
}

std::unique_ptr<ReplaySession> ReplaySession::open_log(gamehost::GameLog log, const std::filesystem::path& log_path,
                                                       const std::vector<std::string>& plugin_dirs,
                                                       const SeatOptions& seat,
                                                       const gamehost::LoadOptions& load) {
  std::unique_ptr<ReplaySession> s(new ReplaySession());
  s->registry_ = gamehost::Registry::scan(gamehost::plugin_search_path(plugin_dirs), load);
  s->plugin_ = &s->registry_.find(log.record.header().game_id());
  const auto& info = s->plugin_->info();
  s->game_name_ = info.name();
  s->seat_names_.assign(info.player_names().begin(), info.player_names().end());
  s->has_scenes_ = std::find(info.optional_methods().begin(), info.optional_methods().end(),
                             pb::METHOD_RENDER_SCENE) != info.optional_methods().end();
  s->seat_options_ = seat;
  s->take(std::move(log), log_path);
  return s;
}

void ReplaySession::reload(gamehost::GameLog log) {
  if (log.record.header().SerializeAsString() != log_.record.header().SerializeAsString())
    throw gamehost::HostError(log.file + ": its header changed: another game was written over it");
  const std::filesystem::path path = log.file;
  take(std::move(log), path);
}

void ReplaySession::switch_log(const std::filesystem::path& log_path) {
  gamehost::GameLog log = gamehost::read_log(log_path);
  if (log.record.header().game_id() != plugin_->id())
    throw gamehost::HostError(fmt::format("{}: a game of {}, not of {}", log_path.string(),
                                          log.record.header().game_id(), plugin_->id()));
  take(std::move(log), log_path);
}

void ReplaySession::take(gamehost::GameLog log, const std::filesystem::path& log_path) {
  // The whole check of `gamehost verify`: header, every ply, the result;
  // it keeps the state after every ply.
  states_ = gamehost::replay(*plugin_, log, std::nullopt, /*keep_states=*/true).states;
  log_ = std::move(log);
  moves_.clear();
  for (const auto& ply : log_.record.plies())
    moves_.push_back(
        {static_cast<int>(ply.ply()), ply.player(), ply.action_id(), ply.notation(), false, ply.taken_back()});
  mask_secrets(seat_options_);
  record_ = RecordInfo::read(log_path.string(), log_);
  ++revision_;
}

void ReplaySession::mask_secrets(const SeatOptions& seat) {
  if (!seat.as.empty() && seat.show_all)
    throw gamehost::HostError("--as and --show-all: a view for one seat never shows another seat's draws");
  std::vector<bool> seen;
  mask_future_ = false;
  if (!seat.as.empty()) {
    seat_ = gamehost::seat_of_player(*plugin_, seat.as);
    seen = gamehost::plies_seen_by(*plugin_, log_, states_, seat_);
    mask_future_ = true;
  } else if (!seat.show_all && !log_.finished() && plugin_->info().has_hidden_information()) {
    seen = gamehost::plies_seen_by_all(*plugin_, log_, states_);
    mask_future_ = true;
  }
  for (std::size_t i = 0; i < seen.size(); ++i) moves_[i].secret = !seen[i];
}

int ReplaySession::step(int ply, int delta) const {
  ply = std::clamp(ply + delta, 0, plies());
  while (ply > 0 && ply < plies() && moves_[static_cast<std::size_t>(ply - 1)].taken_back) ply += delta > 0 ? 1 : -1;
  return std::clamp(ply, 0, plies());
}

std::string ReplaySession::listed_notation(int ply, int shown) const {
  const Move& m = moves_[static_cast<std::size_t>(ply - 1)];
  // Future draws are never listed; a seat's view of an unfinished game lists
  // no later move at all (a later Development would show a coin held now).
  const bool future = mask_future_ && ply > shown && (m.seat == -1 || (seat_ >= 0 && !log_.finished()));
  if (m.secret || future) return std::string(gamehost::kHiddenNotation);
  return m.notation;
}

std::string ReplaySession::result() const {
  return log_.finished() ? log_.record.result().result() : std::string();
}

std::string ReplaySession::ply_text(int ply) const {
  return fmt::format("Ply {} of {}{}", ply, plies(), finished() ? "" : " (unfinished game)");
}

void ReplaySession::render(int ply, pb::ViewOptions view, pb::Scene& out) {
  ply = std::clamp(ply, 0, plies());
  // A secret draw is not pointed at (its action id names it).
  // Nor a move taken back (its position is the one before it).
  std::optional<std::uint32_t> last;
  if (ply > 0 && !moves_[ply - 1].secret && !moves_[ply - 1].taken_back) last = moves_[ply - 1].action_id;
  render_state(states_[ply], last, std::move(view), out);
}

void ReplaySession::render_state(const std::string& state, std::optional<std::uint32_t> last_action,
                                 pb::ViewOptions view, pb::Scene& out) {
  if (!has_scenes_)
    throw gamehost::HostError(fmt::format("{}: the {} plugin draws no scenes (no RenderScene call)",
                                          log_.file, plugin_->id()));
  if (last_action) view.set_last_action_id(*last_action);
  else view.clear_last_action_id();
  if (seat_ >= 0) view.set_seat(seat_);
  request_.set_state(state);
  *request_.mutable_view() = std::move(view);
  plugin_->call(pb::METHOD_RENDER_SCENE, request_, response_);
  out.Swap(response_.mutable_scene());
}

}  // namespace viewer
