#include "gamehost/formats/game_builder.h"

#include <fmt/core.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "gamehost/formats/notes.h"
#include "gamehost/records/record_framing.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/output_file.h"
#include "gamehost/records/replay.h"
#include "gamehost/text/terminal_board.h"
#include "gamehost/text/typed_move.h"

namespace gamehost::formats {

void check_metadata_text(const Metadata& meta, const std::string& where) {
  const std::string in = where.empty() ? "" : where + ": ";
  for (std::size_t i = 0; i < meta.players.size(); ++i)
    require_utf8(meta.players[i], fmt::format("{}player {} '{}'", in, i + 1, clipped(meta.players[i])));
  for (const auto& [what, text] : {std::pair{"event", &meta.event}, {"date", &meta.date}, {"site", &meta.site},
                                   {"round", &meta.round}, {"source", &meta.source}})
    require_utf8(*text, fmt::format("{}{} '{}'", in, what, clipped(*text)));
}

GameBuilder::GameBuilder(Plugin& plugin, const std::vector<pb::OptionValue>& options, std::uint64_t seed,
                         const Metadata& meta)
    : plugin_(plugin) {
  if (plugin.info().has_chance())
    throw HostError(fmt::format("{}: a game with chance cannot be entered (its draws were not recorded)", plugin.id()));
  if (!meta.players.empty() && static_cast<int>(meta.players.size()) != plugin.players())
    throw HostError(fmt::format("--players: {} has {} seats, {} names given", plugin.id(), plugin.players(),
                                meta.players.size()));
  check_metadata_text(meta);
  pb::NewGameRequest request;
  for (const auto& o : options) *request.add_options() = o;
  request.set_seed(seed);
  *request.mutable_flags() = full_flags();
  pb::NewGameResponse started;
  try {
    started = plugin.new_game(request);
  } catch (const CallError& e) {
    throw HostError(fmt::format("{}: {}", plugin.id(), e.what()));
  }
  header_.set_interface_version(kInterfaceVersion);
  header_.set_game_id(plugin.id());
  header_.set_game_version(plugin.info().version());
  *header_.mutable_options() = started.options();
  header_.set_seed(seed);
  header_.set_initial_state(started.state());
  header_.set_initial_state_hash(state_hash(started.state()));
  header_.set_setup(started.setup());
  for (int seat = 0; seat < plugin.players(); ++seat) {
    auto* p = header_.add_players();
    p->set_name(plugin.info().player_names(seat));
    if (!meta.players.empty()) p->set_person(meta.players[static_cast<std::size_t>(seat)]);
  }
  header_.set_start_time_ms(std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::system_clock::now().time_since_epoch())
                                .count());
  header_.set_host_version(GAMEHOST_VERSION);
  header_.set_event(meta.event);
  header_.set_date(meta.date);
  header_.set_site(meta.site);
  header_.set_round(meta.round);
  header_.set_source(meta.source);
  steps_.push_back(Step{started.state(), started.info(), {}});
}

std::optional<std::string> GameBuilder::play(const std::string& text) {
  const Step& now = steps_.back();
  auto read = read_typed_move(plugin_, now.state, text);
  if (auto* refused = std::get_if<std::string>(&read)) return std::move(*refused);
  pb::ParseActionResponse parsed;
  *parsed.mutable_action() = std::get<pb::ActionInfo>(std::move(read));
  pb::ApplyResponse applied;
  plugin_.apply(now.state, parsed.action().id(), full_flags(), applied);
  Step next;
  next.ply.set_ply(static_cast<std::uint32_t>(steps_.size()));
  next.ply.set_player(now.info.to_move());
  next.ply.set_action_id(parsed.action().id());
  next.ply.set_notation(parsed.action().notation());
  next.ply.set_state_hash(state_hash(applied.state()));
  next.state = std::move(*applied.mutable_state());
  next.info = std::move(*applied.mutable_info());
  steps_.push_back(std::move(next));
  return std::nullopt;
}

bool GameBuilder::undo() {
  if (steps_.size() == 1) return false;
  steps_.pop_back();
  return true;
}

std::string GameBuilder::mover() const {
  const auto& info = steps_.back().info;
  if (info.terminal()) return "nobody";
  return info.to_move() >= 0 ? plugin_.info().player_names(info.to_move()) : "chance";
}

pb::GameRecord GameBuilder::record() const {
  pb::GameRecord r;
  *r.mutable_header() = header_;
  for (std::size_t i = 1; i < steps_.size(); ++i) *r.add_plies() = steps_[i].ply;
  const auto& info = steps_.back().info;
  if (info.terminal()) {
    auto* result = r.mutable_result();
    *result->mutable_returns() = info.returns();
    *result->mutable_scores() = info.scores();
    result->set_result(info.result());
    result->set_plies(static_cast<std::uint32_t>(plies()));
  }
  return r;
}

void GameBuilder::hold(const std::filesystem::path& path, bool overwrite) {
  held_ = std::make_unique<ReplaceLock>(path);
  held_path_ = path;
  overwrite_ = overwrite;
}

void GameBuilder::write(const std::filesystem::path& path) const {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  // Never replace a log a game is still writing: it would go on writing
  // one nobody can see. The lock is kept between writes (enter writes the
  // log anew after every decision), so no other writer starts meanwhile.
  if (!held_ || held_path_ != path) {
    held_ = std::make_unique<ReplaceLock>(path);
    held_path_ = path;
  }
  held_->replace(encode_log(record()), /*must_be_new=*/!written_ && !overwrite_);
  written_ = true;
  std::filesystem::remove(notes_path_for(path));  // notes of the log it replaced, by either name
  std::filesystem::remove(old_notes_path_for(path));
}

void check_new_file(const std::filesystem::path& path, bool overwrite) {
  if (!overwrite && std::filesystem::exists(path))
    throw HostError(fmt::format("{}: already exists (use --force to overwrite it)", path.string()));
}

std::string GameBuilder::before_last_move() const {
  std::vector<int> seats;
  for (std::size_t k = 1; k < steps_.size(); ++k) seats.push_back(steps_[k].ply.player());
  const int k = last_move_start(seats);
  return k < 0 ? "" : steps_[static_cast<std::size_t>(k)].state;
}

}  // namespace gamehost::formats
