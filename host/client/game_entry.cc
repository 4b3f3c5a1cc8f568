#include "gamehost/client/game_entry.h"

#include <fmt/core.h>

#include <cstdio>

#include "gamehost/text/input_checks.h"

namespace gamehost::client {

namespace {

std::string seat_name(const v1::GameInfo& info, int seat) {
  return seat >= 0 && seat < info.player_names_size() ? info.player_names(seat) : fmt::format("seat {}", seat + 1);
}

std::string took_seat_line(const Client& client, const net::SeatKey& key, const std::string& name,
                           const std::string& command) {
  return fmt::format("You play {}in game {}. Your seat's token, shown once; to come back:\n  {} {} --token {}",
                     name.empty() ? "" : name + " ", key.game_id(), command, client.url().text(), seat_key_text(key));
}

Entered create(Client& client, const GameRequest& r, const v1::GameInfo& info, const std::string& command) {
  net::ClientMessage m;
  net::CreateGame& c = *m.mutable_create_game();
  c.set_game_type(r.game);
  for (const auto& o : r.options) *c.add_options() = parse_option_value(o, "--option");
  if (r.seed) c.set_seed(*r.seed);
  if (r.chance_seed) c.set_chance_seed(*r.chance_seed);
  if (!r.time.empty()) *c.mutable_time() = parse_time_control(r.time);
  c.set_hints_allowed(r.hints);
  c.set_takebacks_allowed(r.takebacks);
  c.set_take_seat(-1);
  for (const auto& [seat, spec] : r.players)
    if (seat > info.player_names_size() && !spec.empty())
      throw RequestError(fmt::format("--player{}: {} has only {} players", seat, info.id(), info.player_names_size()));
  for (int seat = 0; seat < info.player_names_size(); ++seat) {
    const auto at = r.players.find(seat + 1);
    const std::string spec = at == r.players.end() || at->second.empty() ? (seat == 0 ? "human" : "open") : at->second;
    auto* s = c.add_seats();
    if (spec == "human" || spec == "me") {
      if (c.take_seat() >= 0)
        throw RequestError(command.substr(command.find(' ') + 1) + ": one person plays here: one --playerN human");
      c.set_take_seat(seat);
      s->set_open(true);  // taken by the creator
    } else if (spec == "open") {
      s->set_open(true);
    } else if (spec == "invite") {
      s->set_invite(true);
    } else {
      s->set_engine(spec);  // the server checks it (BAD_AGENT)
    }
  }
  c.set_name(r.name);
  const auto created = client.call(m);
  const net::GameCreated& g = created.game_created();
  Entered entered;
  entered.game_id = g.game().game_id();
  entered.lines.push_back(
      fmt::format("Created {} game {} on {}", g.game().game_name(), entered.game_id, client.url().text()));
  for (const auto& t : g.tokens()) {
    if (t.key().seat() == c.take_seat()) entered.key = t.key();
    else
      entered.lines.push_back(fmt::format("Invite for {}: {}", seat_name(info, t.key().seat()),
                                          t.invite_url().empty() ? seat_key_text(t.key()) : t.invite_url()));
  }
  if (entered.key) {
    client.hold_seat(*entered.key);  // the server sends the game (GameView)
    entered.lines.push_back(took_seat_line(client, *entered.key, info.player_names(entered.key->seat()), command));
  } else {
    entered.lines.push_back("Watching it (no seat of yours: --playerN human takes one)");
    client.watch(entered.game_id);
    client.resync(entered.game_id);
  }
  return entered;
}

}  // namespace

std::map<std::string, v1::GameInfo> game_types(Client& client) {
  net::ClientMessage ask;
  ask.mutable_list_game_types();
  const net::ServerMessage answer = client.call(ask);
  std::map<std::string, v1::GameInfo> types;
  for (const auto& t : answer.game_types().types()) types[t.info().id()] = t.info();
  return types;
}

Entered enter_game(Client& client, const GameRequest& r, const std::map<std::string, v1::GameInfo>& types,
                   const std::string& command) {
  std::optional<net::SeatKey> key;
  if (!r.token.empty()) key = parse_seat_key(r.token, "--token");
  else if (client.url().seat) key = client.url().seat;
  Entered entered;
  if (key) {  // Attach
    entered.game_id = key->game_id();
    entered.key = key;
    client.hold_seat(*key);
    client.resync(entered.game_id);
    return entered;
  }
  if (r.game.empty())
    throw RequestError(command.substr(command.find(' ') + 1) +
                       ": give a GAME to create (see the server's games), a game id to join or "
                       "--watch, or --token GAME:SEAT:TOKEN");
  if (r.watch) {
    entered.game_id = r.game;
    client.watch(entered.game_id);
    client.resync(entered.game_id);  // Watch
    return entered;
  }
  if (const auto type = types.find(r.game); type != types.end()) return create(client, r, type->second, command);
  net::ClientMessage join;
  join.mutable_join_game()->set_game_id(r.game);
  join.mutable_join_game()->set_seat(r.seat < 0 ? -1 : r.seat - 1);
  join.mutable_join_game()->set_name(r.name);
  const auto joined = client.call(join);
  entered.key = joined.joined().key();
  entered.game_id = entered.key->game_id();
  client.hold_seat(*entered.key);
  entered.lines.push_back(took_seat_line(client, *entered.key, "", command));
  return entered;
}

net::TimeControl parse_time_control(const std::string& text) {
  net::TimeControl t;
  unsigned minutes = 0, increment = 0, days = 0;
  char extra = 0;
  if (std::sscanf(text.c_str(), "%ud%c", &days, &extra) == 1 && text.back() == 'd' && days > 0) {
    t.mutable_correspondence()->set_days_per_move(days);
  } else if (std::sscanf(text.c_str(), "%u+%u%c", &minutes, &increment, &extra) == 2 && minutes > 0 &&
             minutes <= 24 * 60 && increment <= 3600) {
    t.mutable_live()->set_base_ms(minutes * 60000u);
    t.mutable_live()->set_increment_ms(increment * 1000u);
  } else {
    throw RequestError(
        fmt::format("--time '{}': expected MINUTES+SECONDS (5+3: 5 minutes, 3 s added a move) or "
                    "DAYSd (2d: two days a move)",
                    clipped(text)));
  }
  return t;
}

v1::OptionValue parse_option_value(const std::string& text, const std::string& option) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw RequestError(fmt::format("{} '{}': expected NAME=VALUE", option, clipped(text)));
  v1::OptionValue o;
  o.set_name(text.substr(0, eq));
  o.set_value(text.substr(eq + 1));
  require_utf8(o.name(), option + " name");
  require_utf8(o.value(), fmt::format("{} {}", option, clipped(o.name())));
  return o;
}

std::optional<net::GameSummary> find_game(Client& client, const std::string& game_id) {
  net::ClientMessage ask;
  ask.mutable_list_games();
  const net::ServerMessage answer = client.call(ask);
  for (const auto& g : answer.game_list().games())
    if (g.game_id() == game_id) return g;
  return std::nullopt;
}

}  // namespace gamehost::client
