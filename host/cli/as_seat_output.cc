// Per-seat views of a recorded game: `analyze --as` and `export --as`
// (`show --as` is in cmd_show.cc). A seat is shown its observation, its
// own legal actions, and the plies it saw; other seats' private draws are
// masked (gamehost/secrets/record_as_seat.h).
#include <fmt/core.h>

#include "commands.h"
#include "gamehost/records/json_codec.h"
#include "gamehost/records/replay.h"
#include "gamehost/secrets/record_as_seat.h"
#include "gamehost/text/input_checks.h"

namespace gamehost {

void analyze_as(Plugin& plugin, const std::string& state, const std::string& title, int ply, int seat, bool json) {
  const std::string& name = plugin.info().player_names(seat);
  const pb::ObserveResponse seen = observe(plugin, state, seat);
  pb::QueryFlags f;
  f.set_legal_details(true);
  f.set_legal_payloads(json);
  pb::QueryResponse mine;
  *mine.mutable_info() = plugin.query(state, f);
  pb::StateInfo& info = *mine.mutable_info();
  const bool own_turn = info.to_move() == seat;
  // Another seat's options, and a draw's outcomes, may tell what this seat
  // cannot see (a hand, the bag): only the seat to move sees its list.
  if (!own_turn) info.clear_legal(), info.clear_chance_probabilities();
  info.clear_legal_ids();
  info.clear_text();
  info.clear_scores();
  if (json) {
    const JsonCodec codec(plugin.info().payload_descriptors());
    fmt::print("{{\n\"ply\": {},\n\"as\": \"{}\",\n\"observation\": {},\n\"state\": {}\n}}\n", ply, name,
               codec.to_json(seen), codec.to_json(mine));
    return;
  }
  fmt::print("{}, as {} sees it\n{}\n", title, name, visible_lines(seen.text()));
  if (info.terminal()) {
    fmt::print("Game over: {}\n", info.result());
  } else if (own_turn) {
    fmt::print("{} to move ({}). Legal actions ({}):\n", name, info.phase(), info.legal_size());
    std::string line;
    for (const auto& a : info.legal()) {
      if (line.size() + a.notation().size() > 78) fmt::print("  {}\n", line), line.clear();
      line += (line.empty() ? "" : " ") + a.notation();
    }
    if (!line.empty()) fmt::print("  {}\n", line);
  } else {
    fmt::print("{} to move ({}): their options are not shown to {}.\n",
               info.to_move() == -1 ? std::string("Chance") : plugin.info().player_names(info.to_move()),
               info.phase(), name);
  }
  // Only the observation: a game with hidden information may put private
  // facts in its analyses (as show --as).
  if (plugin.info().has_hidden_information()) return;
  if (const auto analysis = plugin.analysis(state, "")) fmt::print("{}", visible_lines(analysis->text()));
}

void print_score(Plugin& plugin, const std::string& state) {
  if (const auto score = plugin.analysis(state, "score")) fmt::print("Score:\n{}", visible_lines(score->text()));
}

GameLog seat_log(Registry& registry, const GameLog& log, const std::string& as, std::string& seat_name) {
  Plugin& plugin = registry.find(log.record.header().game_id());
  const int seat = seat_of_player(plugin, as);
  seat_name = plugin.info().player_names(seat);
  const Replayed r = replay(plugin, log, std::nullopt, /*keep_states=*/true);
  GameLog out = log;
  out.record = masked_record(log, plies_seen_by(plugin, log, r.states, seat), plugin.info().has_hidden_information(),
                             observe(plugin, r.states.front(), seat).text());
  return out;
}

}  // namespace gamehost
