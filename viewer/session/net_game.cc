#include "viewer/session/net_game.h"

#include <fmt/chrono.h>
#include <fmt/core.h>

#include <chrono>
#include <cstdlib>
#include <ctime>

#include "gamehost/client/client.h"
#include "gamehost/base/error.h"
#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/plugin_api.h"
#include "gamehost/calls/registry.h"
#include "gamehost/records/replay.h"

namespace viewer {

namespace client = gamehost::client;
namespace net = gamehost::client::net;
namespace pb = gamehost::v1;

// The game as this machine replays it, written to the log as it goes. Its
// every position is checked against the server's state bytes: the log
// holds the server's game or nothing.
struct NetGame::Mirror {
  gamehost::Registry registry;
  gamehost::Plugin* plugin = nullptr;
  std::string state;
  std::uint32_t plies = 0;
  std::unique_ptr<gamehost::LogWriter> log;
  bool finished = false;

  void open(const std::filesystem::path& path, const net::GameSummary& game) {
    plugin = &registry.find(game.game_type());
    pb::NewGameRequest request;
    *request.mutable_options() = game.options();
    request.set_seed(game.seed());
    *request.mutable_flags() = gamehost::full_flags();
    pb::NewGameResponse started = plugin->new_game(request);
    pb::LogHeader header;
    header.set_interface_version(gamehost::kInterfaceVersion);
    header.set_game_id(plugin->id());
    header.set_game_version(plugin->info().version());
    *header.mutable_options() = started.options();
    header.set_seed(game.seed());
    header.set_initial_state(started.state());
    header.set_initial_state_hash(gamehost::state_hash(started.state()));
    header.set_setup(started.setup());
    for (int seat = 0; seat < plugin->players(); ++seat) {
      auto* p = header.add_players();
      p->set_name(plugin->info().player_names(seat));
      const net::SeatSummary* s = seat < game.seats_size() ? &game.seats(seat) : nullptr;
      p->set_agent(s && s->engine() ? s->player() : "human");
      if (s && !s->engine()) p->set_person(s->player());
    }
    header.set_start_time_ms(game.created_ms());
    header.set_host_version(GAMEHOST_VERSION);
    state = std::move(*started.mutable_state());
    log = std::make_unique<gamehost::LogWriter>(path, header, false);
  }

  // The plies of `views` past the ones written.
  template <typename Views>
  void catch_up(const Views& views) {
    for (const auto& view : views)
      if (view.ply() == plies + 1) append(view);
      else if (view.ply() > plies + 1)
        throw gamehost::HostError(fmt::format("the server's ply {} came before ply {}", view.ply(), plies + 1));
  }

  void append(const net::PlyView& view) {
    pb::ApplyResponse applied;
    plugin->apply(state, view.action_id(), gamehost::step_flags(), applied);
    state = std::move(*applied.mutable_state());
    pb::LogPly ply;
    ply.set_ply(++plies);
    ply.set_player(view.player());
    ply.set_action_id(view.action_id());
    ply.set_notation(view.notation());
    ply.set_time_ms(view.time_ms());
    ply.set_state_hash(gamehost::state_hash(state));
    log->append(ply);
  }

  // The server's position after the same plies is this one.
  void check(const net::Position& position) const {
    if (position.ply() != plies || position.state().empty() || position.state() == state) return;
    throw gamehost::HostError(fmt::format(
        "after ply {} the server's position differs from this machine's {} (version {}): another version of the "
        "game?",
        plies, plugin->id(), plugin->info().version()));
  }

  void finish(const net::GameEnded& end, std::int64_t start_ms) {
    catch_up(end.plies());
    pb::LogResult result;
    *result.mutable_returns() = end.returns();
    *result.mutable_scores() = end.scores();
    result.set_result(end.result());
    result.set_plies(plies);
    const auto now =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    result.set_end_time_ms(now - start_ms);
    const char* forfeit = end.reason() == net::RESIGNED               ? "resigned"
                          : end.reason() == net::TIME_FORFEIT         ? "time"
                          : end.reason() == net::ABORTED_BEFORE_START ? "aborted"
                                                                      : nullptr;
    if (forfeit) {
      result.mutable_forfeit()->set_seat(end.seat());
      result.mutable_forfeit()->set_reason(forfeit);
    }
    log->finish(result);
    finished = true;
  }
};

namespace {

std::filesystem::path default_log(const std::string& type, const std::string& id) {
  const std::time_t t = std::time(nullptr);
  std::tm local{};
  localtime_r(&t, &local);
  return std::filesystem::path("games") / "recorded" / fmt::format("{}-{}-{:%Y%m%d-%H%M%S}.ghlog", type, id, local);
}

std::string seat_of(const std::vector<std::string>& names, int seat) {
  return seat >= 0 && seat < static_cast<int>(names.size()) ? names[static_cast<std::size_t>(seat)]
                                                            : fmt::format("seat {}", seat + 1);
}

}  // namespace

NetGame::NetGame(NetGameSettings settings) : settings_(std::move(settings)) {}

NetGame::~NetGame() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;  // the thread's next turn ends it
  }
  // Within the client's wait (50 ms), or its reconnecting attempt (refused at
  // once when the server is down; at most connect_timeout when its host is).
  if (thread_.joinable()) thread_.join();
}

std::vector<std::string> NetGame::start() {
  const client::ServerUrl url = client::parse_server_url(settings_.server, "--connect");
  client::ClientSettings cs;
  cs.client = "replay-viewer " GAMEHOST_VERSION;
  cs.name = settings_.request.name;
  cs.join_password = settings_.join_password;
  // Closing the window during a reconnect ends it: the window never waits for the network.
  cs.connect_timeout = std::chrono::seconds(5);
  cs.keep_reconnecting = [this] {
    std::lock_guard lock(mutex_);
    return !closing_;
  };
  client_ = std::make_unique<client::Client>(url, cs);
  client_->notice = [this](const std::string& line) {
    std::lock_guard lock(mutex_);
    notice_ = line;
  };
  client_->connect();
  const auto types = client::game_types(*client_);
  mirror_ = std::make_unique<Mirror>();
  mirror_->registry = gamehost::Registry::scan(gamehost::plugin_search_path(settings_.plugin_dirs));
  const std::string page = fmt::format("http://{}:{}/", url.host, url.port);
  // A game that cannot be mirrored is refused before a seat is taken,
  // wherever its type is known before (a new game, a game id).
  const auto check_type = [&](const std::string& type) {
    const auto at = types.find(type);
    if (at == types.end()) throw gamehost::HostError(fmt::format("{} hosts no game '{}'", url.text(), type));
    if (at->second.has_hidden_information())
      throw gamehost::HostError(fmt::format(
          "{} has hidden information: the viewer shows a server's game through a log of it, which would hold what "
          "your seat may not see. Play it in the browser ({}) or at the terminal (gamehost play --connect {} …)",
          at->second.name(), page, settings_.server));
    mirror_->registry.find(type);  // "unknown game 'x' (installed: …)": the plugin is needed here to draw it
    seat_names_.assign(at->second.player_names().begin(), at->second.player_names().end());
  };
  const auto& r = settings_.request;
  const bool by_key = !r.token.empty() || url.seat;
  if (!by_key && !r.game.empty()) {
    if (types.count(r.game)) {
      check_type(r.game);
    } else {
      const auto game = client::find_game(*client_, r.game);
      if (!game)
        throw gamehost::HostError(
            fmt::format("{}: no game '{}' there (a game id to join or watch, or a game to "
                        "create: {})",
                        url.text(), r.game, [&] {
                          std::string list;
                          for (const auto& [id, info] : types) list += (list.empty() ? "" : ", ") + id;
                          return list;
                        }()));
      check_type(game->game_type());
    }
  }
  client::Entered entered = client::enter_game(*client_, r, types, "replay-viewer --connect");
  game_id_ = entered.game_id;
  seat_ = entered.key ? entered.key->seat() : -1;

  // The server's view of the game (GameView), which the entry asked for.
  const auto give_up_at = client::steady_ms() + 30000;
  client::GameTracker* game = nullptr;
  while (!(game && game->seen())) {
    if (client::steady_ms() > give_up_at)
      throw gamehost::HostError(fmt::format("{} did not send game {} within 30 s", url.text(), game_id_));
    const auto event = client_->next(std::chrono::milliseconds(100));
    if (event && event->message.has_error()) throw client::ServerError(event->message.error());
    game = client_->game(game_id_);
  }
  game_type_ = game->summary().game_type();
  if (by_key) check_type(game_type_);
  if (settings_.log.empty()) settings_.log = default_log(game_type_, game_id_);
  if (settings_.log.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(settings_.log.parent_path(), ec);
  }
  mirror_->open(settings_.log, game->summary());
  mirror_->catch_up(game->ply_views());
  mirror_->check(game->position());
  if (game->ended()) mirror_->finish(*game->ended(), game->summary().created_ms());
  take_snapshot();
  if (game->ended()) {
    std::lock_guard lock(mutex_);
    over_ = true;
  } else {
    thread_ = std::thread([this] { run(); });
  }
  return entered.lines;
}

void NetGame::run() {
  for (;;) {
    std::deque<Request> requests;
    {
      std::lock_guard lock(mutex_);
      if (closing_) return;
      requests.swap(requests_);
    }
    try {
      for (const Request& request : requests) send(request);
      if (const auto event = client_->next(std::chrono::milliseconds(50))) take(*event);
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex_);
      error_ = e.what();
      over_ = true;
      return;
    }
    if (mirror_->finished) {
      std::lock_guard lock(mutex_);
      over_ = true;
      return;
    }
  }
}

void NetGame::send(const Request& request) {
  const net::SeatKey* key = client_->seat_key(game_id_);
  if (!key) return;  // watching: the window asks nothing of the server
  net::ClientMessage m;
  switch (request.kind) {
    case Request::kMove:
      *m.mutable_move()->mutable_key() = *key;
      m.mutable_move()->set_ply(request.ply);
      m.mutable_move()->set_action_id(request.action);
      break;
    case Request::kHint: *m.mutable_hint()->mutable_key() = *key; break;
    case Request::kResign: *m.mutable_resign()->mutable_key() = *key; break;
  }
  client_->send(m);
}

void NetGame::take(const client::Event& event) {
  const net::ServerMessage& m = event.message;
  if (m.has_error()) {
    const net::Error& e = m.error();
    if (e.code() == net::Error::BAD_TOKEN || e.code() == net::Error::UNKNOWN_GAME) throw client::ServerError(e);
    bool refused_move = false;
    {
      std::lock_guard lock(mutex_);
      if (hint_ply_ && hint_.second.empty() && e.code() == net::Error::NOT_ALLOWED) {
        hint_ = {hint_ply_, "No hint: " + client::error_text(e)};
        return;
      }
      notice_ = "The server says: " + client::error_text(e);
      refused_move = submitted_;
      submitted_ = false;
    }
    // A refused move: the person moves again, on the server's position.
    if (refused_move) client_->resync(game_id_);
    return;
  }
  if (m.has_analysis()) {
    std::lock_guard lock(mutex_);
    std::string text = m.analysis().text();
    while (!text.empty() && text.back() == '\n') text.pop_back();
    if (!m.analysis().notation().empty() && text.find(m.analysis().notation()) == std::string::npos)
      text += fmt::format(" (best: {})", m.analysis().notation());
    hint_ = {hint_ply_, text.rfind("Hint", 0) == 0 ? text : "Hint: " + text};
    return;
  }
  if (!event.game || event.game->game_id() != game_id_) return;
  const client::GameTracker& game = *event.game;
  switch (event.applied) {
    case client::GameTracker::Applied::Updated:
      if (m.has_move_made()) {  // the game moved on: a notice ("reconnected", a refusal) has had its time
        std::lock_guard lock(mutex_);
        notice_.clear();
      }
      mirror_->catch_up(game.ply_views());
      mirror_->check(game.position());
      break;
    case client::GameTracker::Applied::Ended: mirror_->finish(*game.ended(), game.summary().created_ms()); break;
    default: break;
  }
  take_snapshot();
}

void NetGame::take_snapshot() {
  const client::GameTracker* game = client_->game(game_id_);
  if (!game) return;
  std::lock_guard lock(mutex_);
  // The seat's turn once the game started (the server gives the legal
  // moves while it waits for its open seats too) and the log is there.
  const bool started = game->summary().status() != net::WAITING;
  const int waiting =
      started && game->my_turn() && game->plies() == mirror_->plies ? static_cast<int>(mirror_->plies) + 1 : 0;
  if (waiting != waiting_ply_) submitted_ = false;  // a new turn, or the turn taken
  waiting_ply_ = waiting;
  legal_.assign(game->position().info().legal_ids().begin(), game->position().info().legal_ids().end());
  snapshot_ = std::make_unique<client::GameTracker>(*game);
}

int NetGame::waiting_ply() const {
  std::lock_guard lock(mutex_);
  return submitted_ ? 0 : waiting_ply_;
}

std::vector<std::uint32_t> NetGame::legal() const {
  std::lock_guard lock(mutex_);
  return legal_;
}

void NetGame::submit(std::uint32_t action) {
  std::lock_guard lock(mutex_);
  submitted_ = true;
  notice_.clear();
  requests_.push_back({Request::kMove, action, static_cast<std::uint32_t>(waiting_ply_)});
}

bool NetGame::hints_allowed() const {
  std::lock_guard lock(mutex_);
  return seat_ >= 0 && snapshot_ && snapshot_->summary().hints_allowed();
}

std::string NetGame::no_hints_reason() const {
  if (seat_ < 0) return "You are watching: hints are for the seats";
  return "No hints in this game: its creator did not allow them (--hints when creating it)";
}

void NetGame::ask_hint() {
  std::lock_guard lock(mutex_);
  hint_ = {0, ""};
  hint_ply_ = waiting_ply_;
  requests_.push_back({Request::kHint, 0, 0});
}

std::pair<int, std::string> NetGame::hint() const {
  std::lock_guard lock(mutex_);
  return hint_;
}

void NetGame::resign() {
  std::lock_guard lock(mutex_);
  requests_.push_back({Request::kResign, 0, 0});
}

std::string NetGame::player(int seat) const {
  std::lock_guard lock(mutex_);
  if (!snapshot_ || seat < 0 || seat >= snapshot_->summary().seats_size()) return "";
  const net::SeatSummary& s = snapshot_->summary().seats(seat);
  if (seat == seat_) return "you";
  if (s.open()) return s.invited() ? "kept for an invite" : "open";
  // An engine by its agent's name ("mcts engine"), not its whole resolved spec.
  return s.engine() ? s.player().substr(0, s.player().find(':')) + " engine" : s.player();
}

bool NetGame::seat_taken(int seat) const {
  std::lock_guard lock(mutex_);
  return !snapshot_ || seat < 0 || seat >= snapshot_->summary().seats_size() ||
         !snapshot_->summary().seats(seat).open();
}

std::string NetGame::clocks() const {
  std::lock_guard lock(mutex_);
  if (!snapshot_ || !snapshot_->summary().time().has_live()) return "";
  const net::Clocks& c = snapshot_->clocks();
  std::string text;
  for (int seat = 0; seat < c.remaining_ms_size(); ++seat) {
    auto now = client::clock_now_ms(*snapshot_, seat);
    if (!now) continue;
    // Lost on time: that clock ran out (the end's message carries no clocks).
    if (snapshot_->ended() && snapshot_->ended()->reason() == net::TIME_FORFEIT && snapshot_->ended()->seat() == seat)
      now = 0;
    text += fmt::format("{}{} {}{}", text.empty() ? "" : ", ", seat_of(seat_names_, seat), client::clock_text_ms(*now),
                        c.running() == seat && !snapshot_->ended() ? " (running)" : "");
  }
  return text.empty() ? "" : "Clocks: " + text;
}

std::string NetGame::notice() const {
  std::lock_guard lock(mutex_);
  if (snapshot_ && snapshot_->ended()) {
    const net::GameEnded& end = *snapshot_->ended();
    switch (end.reason()) {
      case net::RESIGNED: return seat_of(seat_names_, end.seat()) + " resigned";
      case net::TIME_FORFEIT: return seat_of(seat_names_, end.seat()) + " lost on time";
      case net::ABORTED_BEFORE_START: return "aborted before its first move";
      case net::PLUGIN_FAULT: return "stopped by a fault of the game's plugin";
      default: return "";
    }
  }
  return notice_;
}

std::string NetGame::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

bool NetGame::over() const {
  std::lock_guard lock(mutex_);
  return over_;
}

int NetGame::to_move() const {
  std::lock_guard lock(mutex_);
  if (!snapshot_ || snapshot_->ended() || snapshot_->position().info().terminal()) return -1;
  return snapshot_->position().info().to_move();
}

}  // namespace viewer
