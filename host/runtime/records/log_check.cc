#include "gamehost/records/log_check.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace gamehost {
namespace {

[[noreturn]] void fail_header(const GameLog& log, const std::string& what) {
  throw HostError(log_error(log.file, kLogPrelude, "header", what));
}

// Long values (a position diagram) are named, not printed.
std::string shown(const std::string& value) {
  if (value.size() <= 40 && value.find('\n') == std::string::npos) return fmt::format("'{}'", value);
  return fmt::format("({} bytes)", value.size());
}

std::string seat_list(const pb::LogHeader& h) {
  std::vector<std::string> names;
  for (const auto& p : h.players()) names.push_back(p.name());
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

void check_header_fields(Plugin& plugin, const GameLog& log) {
  const auto& h = log.record.header();
  const auto& seats = plugin.info().player_names();
  if (h.players_size() != seats.size())
    fail_header(log, fmt::format("the log names {} players ({}), {} has {} seats", h.players_size(), seat_list(h),
                            plugin.id(), seats.size()));
  for (int i = 0; i < seats.size(); ++i)
    if (h.players(i).name() != seats[i])
      fail_header(log, fmt::format("player {} is named '{}', but seat {} of {} is '{}'", i + 1, h.players(i).name(),
                              i + 1, plugin.id(), seats[i]));

  pb::NewGameRequest request;
  *request.mutable_options() = h.options();
  request.set_seed(h.seed());
  pb::NewGameResponse fresh;
  try {
    fresh = plugin.new_game(request);
  } catch (const CallError& e) {
    fail_header(log, fmt::format("the recorded options are refused by the game: {}", e.what()));
  }
  const auto& got = fresh.options();
  for (int i = 0; i < std::max(got.size(), h.options().size()); ++i) {
    if (i >= h.options().size())
      fail_header(log, fmt::format("option {} is missing (the game resolves it to {})", got[i].name(), shown(got[i].value())));
    if (i >= got.size()) fail_header(log, fmt::format("option {} is not an option of {}", h.options(i).name(), plugin.id()));
    if (got[i].name() != h.options(i).name() || got[i].value() != h.options(i).value())
      fail_header(log, fmt::format("option {} = {} is not resolved as recorded: the game gives {} = {}", h.options(i).name(),
                              shown(h.options(i).value()), got[i].name(), shown(got[i].value())));
  }
  if (fresh.state() != h.initial_state())
    fail_header(log, fmt::format("the initial state is not the one seed {} and the recorded options give", h.seed()));
  if (fresh.setup() != h.setup()) fail_header(log, "the recorded setup is not the initial state's setup");
}

void check_ply_notation(const GameLog& log, int index, const std::string& plugin_notation) {
  const auto& ply = log.record.plies(index);
  if (ply.notation() != plugin_notation)
    throw HostError(log_error(log.file, log.ply_offsets[static_cast<std::size_t>(index)],
                              fmt::format("ply {}", index + 1),
                              fmt::format("the notation '{}' is not action {}'s: the game writes it '{}'",
                                          ply.notation(), ply.action_id(), plugin_notation)));
}

bool check_result_meaning(const GameLog& log, const pb::StateInfo& info) {
  const auto& res = log.record.result();
  auto fail = [&](const std::string& what) {
    throw HostError(log_error(log.file, log.result_offset, "result", what));
  };
  const int plies = log.record.plies_size();
  if (res.has_forfeit()) {  // resigned, lost on time or aborted: the host's returns
    if (res.plies() != static_cast<std::uint32_t>(plies))
      fail(fmt::format("the result counts {} plies, the log holds {}", res.plies(), plies));
    return false;
  }
  if (!info.terminal()) fail(fmt::format("a result is recorded, but the game is not over after ply {}", plies));
  if (res.plies() != static_cast<std::uint32_t>(plies))
    fail(fmt::format("the result counts {} plies, the log holds {}", res.plies(), plies));
  if (!std::equal(res.returns().begin(), res.returns().end(), info.returns().begin(), info.returns().end()))
    fail(fmt::format("the recorded returns [{}] differ from the replay's [{}]", fmt::join(res.returns(), ", "),
                     fmt::join(info.returns(), ", ")));
  if (!std::equal(res.scores().begin(), res.scores().end(), info.scores().begin(), info.scores().end()))
    fail(fmt::format("the recorded scores [{}] differ from the replay's [{}]", fmt::join(res.scores(), ", "),
                     fmt::join(info.scores(), ", ")));
  return res.result() != info.result();
}

}  // namespace gamehost
