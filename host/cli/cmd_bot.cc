// `gamehost bot`: a local agent seated on a server, as lichess bots are. It
// subscribes to the lobby, joins an open seat of a game it accepts, plays it
// to the end with the agent deciding on the state bytes the server sends,
// and goes on until --games games are finished. In a game with hidden
// information the agent decides on the sample of its seat's view that the
// server sends the seat to move (net.proto Position.seat_sample).
#include <fmt/core.h>

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <set>

#include "gamehost/play/agents/spec.h"
#include "gamehost/secrets/chance_secret.h"
#include "gamehost/base/suggest.h"
#include "gamehost/client/client.h"
#include "gamehost/secrets/hidden_sample.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/json_codec.h"
#include "gamehost/records/regular_file.h"
#include "remote.h"

namespace gamehost {

std::string read_join_password(const std::string& path) {
  if (path.empty()) return "";
  std::string text = read_regular_file(path, fmt::format("--join-password-file {}", path));
  text = text.substr(0, text.find('\n'));
  if (!text.empty() && text.back() == '\r') text.pop_back();
  return text;
}

namespace {

namespace net = client::net;
using client::Client;
using client::Event;
using client::GameTracker;

// One bot: the lobby it sees, the game it plays (one at a time, so that the
// engine's search never competes with itself) and the agent playing it.
class Bot {
 public:
  Bot(const BotSettings& settings, Common& common)
      : settings_(settings),
        registry_(common.registry()),
        client_(client::parse_server_url(settings.server, "--server"), client_settings(settings)),
        random_only_(parse_agent_spec(settings.agent).kind == "random") {
    if (parse_agent_spec(settings.agent).kind == "human")
      throw UsageError("--agent human: a person plays with `gamehost play --connect`, not as a bot");
    client_.notice = [](const std::string& line) {
      fmt::print("{}\n", line);
      std::fflush(stdout);
    };
    if (!settings.record.empty()) {
      record_.open(settings.record, std::ios::out | std::ios::trunc);
      if (!record_) throw HostError(fmt::format("--record {}: cannot write it", settings.record));
      client_.received = [this](const net::ServerMessage& m) { write_record(m); };
    }
  }

  void run() {
    client_.connect();
    check_game_types();
    net::ClientMessage list;
    list.mutable_list_games()->set_open(true);
    list.mutable_list_games()->set_subscribe(true);
    client_.keep_lobby(list.list_games());
    client_.send(list);
    fmt::print("{} on {}: waiting for open seats of {}\n", name(), client_.url().text(), accepted_text());
    std::fflush(stdout);
    while (settings_.games == 0 || finished_ < settings_.games) {
      if (auto event = client_.next(std::chrono::milliseconds(200))) handle(*event);
      if (!game_id_ && !join_request_) join_next();
      if (game_id_) move_if_my_turn();
    }
  }

 private:
  static client::ClientSettings client_settings(const BotSettings& s) {
    client::ClientSettings c;
    c.client = "gamehost-bot " GAMEHOST_VERSION;
    c.name = s.name.empty() ? "bot " + s.agent : s.name;
    c.join_password = read_join_password(s.join_password_file);
    c.reconnect_for = std::chrono::seconds(s.reconnect_seconds);
    c.seat_samples = true;  // games with hidden information: searched on the seat's sample
    return c;
  }

  // --record: the message as protobuf's JSON mapping (the project's
  // convention), on one line.
  void write_record(const net::ServerMessage& m) {
    auto options = json_print_options();
    options.add_whitespace = false;
    std::string line;
    (void)google::protobuf::util::MessageToJsonString(m, &line, options);
    record_ << line << '\n';
    record_.flush();
  }
  // The game's plugin installed here, or nullptr.
  Plugin* local_plugin(const std::string& id) {
    try {
      return &registry_.find(id);
    } catch (const HostError&) {
      return nullptr;
    }
  }
  std::string name() const { return settings_.name.empty() ? "bot " + settings_.agent : settings_.name; }

  std::string accepted_text() const {
    std::string text;
    for (const auto& [type, info] : types_) text += (text.empty() ? "" : ", ") + type;
    return text;
  }

  // The games the bot plays: those of --accept (every one the server hosts
  // and the agent can play without it), each checked here so that a bot
  // that could never play says why at once.
  void check_game_types() {
    net::ClientMessage ask;
    ask.mutable_list_game_types();
    const auto answer = client_.call(ask);
    std::map<std::string, pb::GameInfo> hosted;
    for (const auto& type : answer.game_types().types()) hosted[type.info().id()] = type.info();
    std::vector<std::string> wanted = settings_.accept;
    const bool all = wanted.empty();
    if (all)
      for (const auto& [id, info] : hosted) wanted.push_back(id);
    std::vector<std::string> skipped;
    for (const auto& id : wanted) {
      const auto at = hosted.find(id);
      if (at == hosted.end()) {
        std::string list;
        for (const auto& [h, info] : hosted) list += (list.empty() ? "" : ", ") + h;
        throw HostError(fmt::format("--accept {}: the server hosts no such game ({}{})", clipped(id),
                                    suggestion(id, [&] {
                                      std::vector<std::string> names;
                                      for (const auto& [h, info] : hosted) names.push_back(h);
                                      return names;
                                    }()),
                                    list.empty() ? "it hosts none" : "it hosts: " + list));
      }
      // An engine decides on state bytes: for a game with hidden
      // information, the sample of its seat's view the server sends
      // (Position.seat_sample), which needs a plugin that can sample.
      Plugin* plugin = random_only_ ? nullptr : local_plugin(id);
      const std::string why = !random_only_ && !plugin
                                  ? fmt::format("{} is not installed here, and the agent needs its plugin", id)
                                  : plugin && at->second.has_hidden_information() && !samples_hidden(*plugin)
                                        ? fmt::format("{} has hidden information and its plugin here cannot sample "
                                                      "a seat's view (SampleHidden), which an engine searches on "
                                                      "(--agent random plays it)", id)
                                        : "";
      if (why.empty()) types_[id] = at->second;
      else if (all) skipped.push_back(why);
      else throw HostError(fmt::format("--accept {}: {}", id, why));
    }
    for (const auto& why : skipped) fmt::print("Not accepting {}\n", why);
    if (types_.empty()) throw HostError(fmt::format("{} can play none of the server's games", name()));
  }

  void handle(const Event& event) {
    const net::ServerMessage& m = event.message;
    if (m.has_game_list()) {
      for (const auto& g : m.game_list().games()) consider(g);
    } else if (m.has_lobby_update()) {
      consider(m.lobby_update().game());
    } else if (m.has_joined() && join_request_ && m.reply_to() == *join_request_) {
      join_request_.reset();
      start(m.joined().key());
    } else if (m.has_error()) {
      on_error(m);
    } else if (event.game && game_id_ && event.game->game_id() == *game_id_) {
      if (event.applied == GameTracker::Applied::Ended) finish(*event.game);
      // The game seen whole (after a reconnect): a move sent into the
      // dropped connection may never have arrived, so the turn is asked again.
      else if (m.has_game() || m.has_taken_back()) asked_ply_ = 0;
      // An engine takes nothing back, as the server's own engines.
      else if (m.has_takeback_offered() && m.takeback_offered().offer().seat() != event.game->seat() &&
               client_.seat_key(*game_id_)) {
        net::ClientMessage answer;
        *answer.mutable_takeback_answer()->mutable_key() = *client_.seat_key(*game_id_);
        answer.mutable_takeback_answer()->set_accept(false);
        client_.send(answer);
      }
    }
  }

  void consider(const net::GameSummary& game) {
    const bool joinable =
        game.status() == net::WAITING && types_.count(game.game_type()) &&
        std::any_of(game.seats().begin(), game.seats().end(),
                    [](const net::SeatSummary& s) { return s.open() && !s.invited() && !s.engine(); }) &&
        !played_.count(game.game_id());
    if (joinable) open_[game.game_id()] = game;
    else open_.erase(game.game_id());
  }

  // Joins the oldest open game (first come, first served).
  void join_next() {
    if (open_.empty()) return;
    const auto oldest = std::min_element(open_.begin(), open_.end(), [](const auto& a, const auto& b) {
      return a.second.created_ms() < b.second.created_ms();
    });
    net::ClientMessage join;
    join.mutable_join_game()->set_game_id(oldest->first);
    join.mutable_join_game()->set_seat(-1);
    join.mutable_join_game()->set_name(name());
    joining_ = oldest->first;
    open_.erase(oldest);
    join_request_ = client_.send(join);
  }

  void start(const net::SeatKey& key) {
    game_id_ = key.game_id();
    played_.insert(key.game_id());
    client_.hold_seat(key);
    agent_.reset();
    asked_ply_ = 0;
    fmt::print("Joined {} as seat {}\n", key.game_id(), key.seat() + 1);
    std::fflush(stdout);
  }

  void on_error(const net::ServerMessage& m) {
    const net::Error& error = m.error();
    if (join_request_ && m.reply_to() == *join_request_) {
      // Someone else was quicker (SEAT_TAKEN, NO_OPEN_SEAT): try another.
      fmt::print("Could not join {}: {}\n", joining_, client::error_text(error));
      join_request_.reset();
      return;
    }
    if (game_id_ && (error.code() == net::Error::STALE_MOVE || error.code() == net::Error::NOT_YOUR_TURN)) {
      // The game moved on without us seeing it: see it whole again.
      asked_ply_ = 0;
      client_.resync(*game_id_);
      return;
    }
    if (error.code() == net::Error::BAD_PASSWORD || error.code() == net::Error::WRONG_VERSION ||
        error.code() == net::Error::BAD_TOKEN || error.code() == net::Error::ILLEGAL_MOVE)
      throw client::ServerError(error);
    fmt::print("Server error: {}\n", client::error_text(error));
  }

  void finish(const GameTracker& game) {
    const auto& end = *game.ended();
    ++finished_;
    fmt::print("Game {} over after {} plies ({}): {}\n", game.game_id(), game.ply_views().size(),
               net::EndReason_Name(end.reason()), end.result());
    std::fflush(stdout);
    client_.forget(game.game_id());
    game_id_.reset();
  }

  void move_if_my_turn() {
    GameTracker* game = client_.game(*game_id_);
    if (!game || !game->my_turn() || asked_ply_ == game->plies() + 1) return;
    const std::uint32_t action = decide(*game);
    net::ClientMessage move;
    *move.mutable_move()->mutable_key() = *client_.seat_key(*game_id_);
    move.mutable_move()->set_ply(game->plies() + 1);
    move.mutable_move()->set_action_id(action);
    asked_ply_ = game->plies() + 1;
    client_.send(move);
  }

  std::uint32_t decide(const GameTracker& game) {
    const std::string& type = game.summary().game_type();
    Plugin* plugin = local_plugin(type);
    if (!agent_) {
      const std::string spec = plugin ? with_game_defaults(settings_.agent, plugin->info()) : settings_.agent;
      agent_ = make_agent(spec, AgentContext{game.summary().seed(), game.seat(), nullptr, nullptr});
    }
    const net::Position& position = game.position();
    if (random_only_) {
      // Legal ids are all the random agent reads; the plugin is only the
      // Turn's game (a placeholder when the game is not installed here).
      if (!plugin) return position.info().legal_ids(static_cast<int>(random_.below(position.info().legal_ids_size())));
      return *agent_->choose(Turn{*plugin, position.state(), position.info(), game.seat(),
                                  static_cast<int>(game.plies() + 1)});
    }
    // Hidden information: the seat's sample, never the true state.
    const std::string& state = position.state().empty() ? position.seat_sample() : position.state();
    if (state.empty())
      throw HostError(fmt::format("game {}: the server sent neither state bytes nor a seat sample at ply {}",
                                  game.game_id(), game.plies()));
    // The legal actions as the local plugin finds them in the server's
    // state: the same game only if both agree.
    pb::QueryFlags flags;
    flags.set_legal_ids(true);
    const pb::StateInfo info = plugin->query(state, flags);
    if (!std::equal(info.legal_ids().begin(), info.legal_ids().end(), position.info().legal_ids().begin(),
                    position.info().legal_ids().end()))
      throw HostError(fmt::format("game {} ply {}: the local {} plugin finds other legal actions than the server "
                                  "({} against {}): another version of the game?",
                                  game.game_id(), game.plies() + 1, type, info.legal_ids_size(),
                                  position.info().legal_ids_size()));
    const auto choice = agent_->choose(Turn{*plugin, state, info, game.seat(), static_cast<int>(game.plies() + 1)});
    if (!choice) throw HostError(fmt::format("agent {} gave up game {}", settings_.agent, game.game_id()));
    return *choice;
  }

  const BotSettings& settings_;
  Registry registry_;
  Client client_;
  bool random_only_;
  std::map<std::string, pb::GameInfo> types_;        // accepted
  std::map<std::string, net::GameSummary> open_;     // joinable now, by id
  std::set<std::string> played_;                     // joined once: never again
  std::optional<std::uint64_t> join_request_;
  std::string joining_;
  std::optional<std::string> game_id_;               // the game being played
  std::unique_ptr<Agent> agent_;                     // for that game
  std::uint32_t asked_ply_ = 0;                      // the ply a move was sent for
  int finished_ = 0;
  SplitMix random_{secure_u64()};
  std::ofstream record_;  // --record
};

}  // namespace

void run_bot(const BotSettings& settings, Common& common) {
  Bot bot(settings, common);
  bot.run();
}

void add_bot_command(CLI::App& app, Common& common) {
  auto settings = std::make_shared<BotSettings>();
  auto* cmd = app.add_subcommand("bot", "seat a local agent on a server (gamehost serve): join open seats and play");
  cmd->footer(agents_help());
  cmd->add_option("--server", settings->server, "the server: ws://HOST:PORT/ws or http://HOST:PORT")
      ->required()
      ->type_name("URL");
  cmd->add_option("--agent", settings->agent, "the agent that plays (default: random)")->type_name("AGENT");
  cmd->add_option("--accept", settings->accept, "play only these games, comma-separated (default: every game the agent can play)")
      ->delimiter(',')
      ->type_name("GAME");
  cmd->add_option("--games", settings->games, "stop after N finished games (default: play on until stopped)")
      ->check(CLI::NonNegativeNumber)
      ->type_name("N");
  cmd->add_option("--name", settings->name, "the name the bot plays under (default: bot AGENT)");
  cmd->add_option("--join-password-file", settings->join_password_file, "the server's join password, in FILE")
      ->type_name("FILE");
  cmd->add_option("--reconnect", settings->reconnect_seconds,
                  "after a dropped connection, keep trying this many seconds (0: give up at once; default 30)")
      ->check(CLI::NonNegativeNumber)
      ->type_name("S");
  cmd->add_option("--record", settings->record,
                  "write every message the server sends to FILE, one JSON line each (protobuf's JSON mapping)")
      ->type_name("FILE");
  cmd->callback([settings, &common] {
    parse_agent_spec(settings->agent);  // a bad spec is a usage error before any connection
    run_bot(*settings, common);
  });
}

}  // namespace gamehost
