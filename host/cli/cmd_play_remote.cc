// `gamehost play --connect URL …`: the person at the terminal plays on a
// server. The same prompts as local play (`help`, `moves`, `board`, the
// game's analysis topics such as `why LOT`, `hint` where the game allows
// it), plus `resign`, `abort`, `clock` and `quit` (leave; the seat stays
// and its token brings you back). Typed moves are read by the local plugin
// when the game is installed here and the server sends the state (no hidden
// information); otherwise the server reads them and says why one is illegal.
#include <fmt/core.h>
#include <unistd.h>

#include <condition_variable>
#include <deque>
#include <istream>
#include <mutex>
#include <ostream>
#include <thread>

#include "gamehost/client/client.h"
#include "gamehost/client/game_entry.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/text/typed_move.h"
#include "remote.h"

namespace gamehost {
namespace {

namespace net = client::net;
using client::Client;
using client::GameTracker;

std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// The terminal's lines, read on a thread of their own so that the server's
// messages are shown while the person thinks.
class LineReader {
 public:
  // The thread holds the shared state, never the reader: it may outlive it
  // (blocked in getline when the game ends, or just starting when an error
  // ends the program).
  explicit LineReader(std::istream& in) : thread_([state = state_, &in] { read(in, state); }) { thread_.detach(); }
  // The next line if one came within `timeout`; `eof` set once input ended.
  std::optional<std::string> next(std::chrono::milliseconds timeout, bool& eof) {
    std::unique_lock lock(state_->mutex);
    state_->ready.wait_for(lock, timeout, [&] { return !state_->lines.empty() || state_->eof; });
    eof = state_->lines.empty() && state_->eof;
    if (state_->lines.empty()) return std::nullopt;
    std::string line = std::move(state_->lines.front());
    state_->lines.pop_front();
    return line;
  }

 private:
  struct State {
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<std::string> lines;
    bool eof = false;
  };
  static void read(std::istream& in, const std::shared_ptr<State>& state) {
    std::string line;
    while (std::getline(in, line)) {
      std::lock_guard lock(state->mutex);
      state->lines.push_back(line);
      state->ready.notify_all();
    }
    std::lock_guard lock(state->mutex);
    state->eof = true;
    state->ready.notify_all();
  }
  std::shared_ptr<State> state_ = std::make_shared<State>();
  std::thread thread_;
};

class RemotePlay {
 public:
  RemotePlay(const RemotePlaySettings& s, Common& common, std::istream& in, std::ostream& out)
      : settings_(s),
        common_(common),
        out_(out),
        url_(client::parse_server_url(s.server, "--connect")),
        client_(url_, client_settings(s)),
        lines_(in) {
    client_.notice = [this](const std::string& line) { say("{}\n", line); };
    color_ = common.color_on() && &out == &std::cout;
    terminal_ = &out == &std::cout && ::isatty(STDOUT_FILENO);
  }

  int run() {
    client_.connect();
    types_ = client::game_types(client_);
    enter();
    return loop();
  }

 private:
  template <typename... A>
  void say(fmt::format_string<A...> f, A&&... a) {
    if (ticking_) out_ << "\r\x1b[K";  // the clock line gives way
    ticking_ = false;
    const std::string text = fmt::format(f, std::forward<A>(a)...);
    // A message that comes while the prompt waits starts on a line of its
    // own; the loop shows the prompt again below it.
    if (prompt_shown_ && !text.empty() && text.front() != '\n') out_ << '\n';
    prompt_shown_ = false;
    out_ << text;
    out_.flush();
  }

  // On a terminal, while the other side thinks: the clocks ticking on one
  // line, redrawn each second (the prompt's line is never redrawn: a
  // person may be typing there).
  void tick(const GameTracker& game) {
    if (!terminal_ || !game.seen() || game.ended() || game.my_turn() || !game.summary().time().has_live()) return;
    if (client::steady_ms() - last_tick_ms_ < 1000) return;
    last_tick_ms_ = client::steady_ms();
    out_ << "\r\x1b[KClocks: " << clocks_text(game);
    out_.flush();
    ticking_ = true;
  }

  static client::ClientSettings client_settings(const RemotePlaySettings& s) {
    client::ClientSettings c;
    c.client = "gamehost-play " GAMEHOST_VERSION;
    const char* user = std::getenv("USER");
    c.name = !s.name.empty() ? s.name : user && *user ? user : "player";
    c.join_password = read_join_password(s.join_password_file);
    return c;
  }

  // Takes the seat (a token, an invite link), joins, creates or watches
  // (game_entry.h, shared with replay-viewer --connect).
  void enter() {
    client::GameRequest r;
    r.game = settings_.game;
    r.players = settings_.players;
    r.options = settings_.options;
    if (settings_.seed) r.seed = parse_seed(*settings_.seed, "--seed");
    r.chance_seed = settings_.chance_seed;
    r.time = settings_.time;
    r.hints = settings_.hints;
    r.takebacks = settings_.takebacks;
    r.seat = settings_.seat;
    r.token = settings_.token;
    r.watch = settings_.watch;
    r.name = client_settings(settings_).name;
    client::Entered entered;
    try {
      entered = client::enter_game(client_, r, types_, "gamehost play --connect");
    } catch (const client::RequestError& e) {
      throw UsageError(e.what());
    }
    game_id_ = entered.game_id;
    for (const auto& line : entered.lines) say("{}\n", line);
  }

  static std::string seat_name(const pb::GameInfo& info, int seat) {
    return seat >= 0 && seat < info.player_names_size() ? info.player_names(seat) : fmt::format("seat {}", seat + 1);
  }

  int loop() {
    const auto entered_at = client::steady_ms();
    auto waiting_since = entered_at;
    while (true) {
      if (auto event = client_.next(std::chrono::milliseconds(20))) {
        if (const int code = on_event(*event); code >= 0) return code;
      }
      GameTracker* game = client_.game(game_id_);
      // An event printed below the prompt (a seat came or went, a notice):
      // the prompt again, so that the last line is always what to do.
      if (game && game->seen() && game->my_turn() && prompted_ply_ == game->plies() + 1 && !prompt_shown_ &&
          !awaiting_answer_)
        prompt(*game);
      if (game && !game->seen() && client::steady_ms() - waiting_since > 5000) {
        if (client::steady_ms() - entered_at > 30000)
          throw HostError(fmt::format("{} did not send game {} within 30 s", url_.text(), game_id_));
        client_.resync(game_id_);  // asked before, no GameView yet: again
        waiting_since = client::steady_ms();
      }
      if (game && game->seen() && game->my_turn() && prompted_ply_ != game->plies() + 1) {
        prompted_ply_ = game->plies() + 1;
        if (shown_ply_ != game->plies()) show_position(*game, false);
        say("Ply {}: {} to move ({})\n", game->plies() + 1, who(*game, game->seat()), game->position().info().phase());
        prompt(*game);
      }
      if (game) tick(*game);
      bool eof = false;
      const auto line = lines_.next(std::chrono::milliseconds(0), eof);
      if (line) {
        prompt_shown_ = false;  // the line typed ended with a newline
        if (const int code = on_line(trimmed(*line)); code >= 0) return code;
        // The prompt again, unless an answer of the server is awaited
        // (it prompts then) or the move was sent.
        if (!awaiting_answer_ && game && game->my_turn() && prompted_ply_ == game->plies() + 1) prompt(*game);
      } else if (eof && !watching() && game && game->seen()) {  // after the server's answer (a refusal ends it)
        say("\nEnd of input: you left game {}; your seat stays yours (come back with --token).\n", game_id_);
        return kExitUnfinished;
      }
    }
  }

  bool watching() const { return client_.seat_key(game_id_) == nullptr; }

  const pb::GameInfo* info_of(const GameTracker& game) const {
    const auto at = types_.find(game.summary().game_type());
    return at == types_.end() ? nullptr : &at->second;
  }

  std::string who(const GameTracker& game, int seat) const {
    const auto* info = info_of(game);
    return info ? seat_name(*info, seat) : fmt::format("seat {}", seat + 1);
  }

  void prompt(const GameTracker& game) {
    say("{}> ", who(game, game.seat()));
    prompt_shown_ = true;
  }

  // The server answered what was asked: the prompt again when it is our turn.
  void answered() {
    awaiting_answer_ = false;
    GameTracker* game = client_.game(game_id_);
    if (game && game->my_turn() && prompted_ply_ == game->plies() + 1) prompt(*game);
  }

  // Returns an exit status once the game is over, -1 to go on.
  int on_event(const client::Event& event) {
    const net::ServerMessage& m = event.message;
    if (m.has_error()) {
      const net::Error& e = m.error();
      if (e.code() == net::Error::ILLEGAL_MOVE) say("Illegal: {}\nType 'moves' for the legal actions, 'help' for commands.\n", e.message());
      else if (e.code() == net::Error::BAD_TOKEN || e.code() == net::Error::UNKNOWN_GAME ||
               e.code() == net::Error::BAD_PASSWORD || e.code() == net::Error::WRONG_VERSION)
        throw client::ServerError(e);
      else say("{}\n", client::error_text(e));
      if (e.code() == net::Error::STALE_MOVE || e.code() == net::Error::NOT_YOUR_TURN) client_.resync(game_id_);
      answered();
      return -1;
    }
    if (m.has_analysis()) {
      say("{}", m.analysis().text());
      if (!m.analysis().notation().empty()) say("Hint: {}\n", m.analysis().notation());
      answered();
      return -1;
    }
    if (!event.game || event.game->game_id() != game_id_) return -1;
    const GameTracker& game = *event.game;
    switch (event.applied) {
      case GameTracker::Applied::Updated:
        if (m.has_game()) {
          if (!shown_header_) {
            shown_header_ = true;
            say("{} game {}: {}\n", game.summary().game_name(), game.game_id(), seats_text(game));
          }
          if (shown_ply_ != game.plies()) show_position(game, false);
          prompted_ply_ = 0;  // seen whole (after a reconnect): prompt again
          awaiting_answer_ = false;
        } else if (m.has_move_made()) {
          if (m.move_made().ply().player() == game.seat()) awaiting_answer_ = false;  // our move, acknowledged
          const auto& ply = m.move_made().ply();
          if (ply.player() != game.seat() || watching())
            say("\nPly {}: {} {}\n", ply.ply(), ply.player() < 0 ? std::string("chance") : who(game, ply.player()),
                ply.notation());
          if (watching()) show_position(game, false);
        } else if (m.has_taken_back()) {
          const auto& offer = m.taken_back().offer();
          say("\nTaken back: {}'s move ({}); the game goes on from ply {}.\n", who(game, offer.seat()),
              plies_text(offer), offer.first_ply() - 1);
          show_position(game, false);
          prompted_ply_ = 0;  // the same ply number may come again, for another position
          awaiting_answer_ = false;
        }
        return -1;
      case GameTracker::Applied::Ended: {
        const auto& end = *game.ended();
        // The final position, unless it is on the screen already (the rules
        // may reveal what was hidden: then it is shown again).
        const auto* info = info_of(game);
        if (shown_ply_ != game.plies() || (info && info->has_hidden_information())) show_position(game, false);
        say("Game over ({}): {}\n", end_reason_text(end, game), end.result());
        return kExitOk;
      }
      case GameTracker::Applied::TakebackOffer: {
        if (m.has_takeback_declined()) {
          say("\nThe takeback is off: {} {}.\n", who(game, m.takeback_declined().seat()),
              m.takeback_declined().seat() == game.seat() ? "answered" : "declined it or moved");
          return -1;
        }
        const auto& offer = m.takeback_offered().offer();
        const std::string plies = plies_text(offer);
        if (offer.seat() == game.seat()) say("\nYou offered to take back {}; waiting for the answer.\n", plies);
        else if (watching()) say("\n{} offers to take back {}.\n", who(game, offer.seat()), plies);
        else say("\n{} offers to take back {}: type 'accept' or 'decline'.\n", who(game, offer.seat()), plies);
        prompt_shown_ = false;
        return -1;
      }
      case GameTracker::Applied::SeatChanged:
        say("{}: {}\n", who(game, m.seat_changed().seat().seat()), seat_text(game, m.seat_changed().seat()));
        return -1;
      default:
        return -1;
    }
  }

  // "ply 5", "plies 5-7": what a takeback offer takes back.
  static std::string plies_text(const net::TakebackOffer& offer) {
    if (offer.plies() == 1) return fmt::format("ply {}", offer.first_ply());
    return fmt::format("plies {}-{}", offer.first_ply(), offer.first_ply() + offer.plies() - 1);
  }

  std::string end_reason_text(const net::GameEnded& end, const GameTracker& game) const {
    switch (end.reason()) {
      case net::RESIGNED: return who(game, end.seat()) + " resigned";
      case net::TIME_FORFEIT: return who(game, end.seat()) + " lost on time";
      case net::ABORTED_BEFORE_START: return "aborted";
      case net::PLUGIN_FAULT: return "stopped by a fault of the game's plugin";
      default: return "played to the end";
    }
  }

  std::string seat_text(const GameTracker& game, const net::SeatSummary& s) const {
    if (s.open()) return s.invited() ? "kept for an invite" : "open";
    const bool here = s.connected() || s.engine() || s.seat() == game.seat();
    return fmt::format("{}{}{}{}", s.player(), s.engine() ? " (engine)" : "", s.seat() == game.seat() ? " (you)" : "",
                       here ? "" : " (away)");
  }

  std::string seats_text(const GameTracker& game) const {
    std::string text;
    for (const auto& s : game.summary().seats())
      text += fmt::format("{}{} = {}", text.empty() ? "" : ", ", who(game, s.seat()), seat_text(game, s));
    return text;
  }

  std::string clocks_text(const GameTracker& game) const {
    const net::Clocks& c = game.clocks();
    std::string text;
    for (int seat = 0; game.summary().time().has_live() && seat < c.remaining_ms_size(); ++seat)
      text += fmt::format("{}{} {}{}", text.empty() ? "" : "   ", who(game, seat),
                          client::clock_text_ms(*client::clock_now_ms(game, seat)), c.running() == seat ? " ⏱" : "");
    if (game.summary().time().has_correspondence() && c.deadline_ms() > 0) {
      const auto left = c.deadline_ms() - c.server_time_ms() - (client::steady_ms() - game.clocks_read_at_ms());
      text += fmt::format("{}move due in {}", text.empty() ? "" : "   ", client::clock_text_ms(left));
    }
    return text;
  }

  void show_position(const GameTracker& game, bool with_turn) {
    const net::Position& p = game.position();
    shown_ply_ = game.plies();
    const std::string board = p.board().board().text().empty()
                                  ? p.text()
                                  : styled_text(p.board().board(), color_) + styled_text(p.board().legend(), color_);
    say("\n{}", board);
    if (!board.empty() && board.back() != '\n') say("\n");
    const std::string clocks = clocks_text(game);
    if (!clocks.empty()) say("Clocks: {}\n", clocks);
    if (with_turn) say("Ply {}: {} to move ({})\n", game.plies() + 1, who(game, game.seat()), p.info().phase());
  }

  // Returns an exit status when the person left, -1 to go on.
  int on_line(const std::string& cmd) {
    if (cmd.empty()) return -1;
    GameTracker* game = client_.game(game_id_);
    if (const auto bad = invalid_utf8_at(cmd)) {
      say("Not understood: the input is not UTF-8 text (byte {}). Type 'help' for commands.\n", *bad);
      return -1;
    }
    if (cmd.size() > 200) {
      say("Not understood: a line of {} bytes is longer than any move. Type 'help' for commands.\n", cmd.size());
      return -1;
    }
    const std::string word = cmd.substr(0, cmd.find(' '));
    if (cmd == "help" || cmd == "?") return help(game), -1;
    if (cmd == "quit") {
      say("You left game {}{}.\n", game_id_, watching() ? "" : "; your seat stays yours (come back with --token)");
      return kExitUnfinished;
    }
    if (!game || !game->seen()) return say("The game is not here yet.\n"), -1;
    if (cmd == "board") return show_position(*game, game->my_turn()), -1;
    if (cmd == "clock" || cmd == "clocks") {
      const std::string c = clocks_text(*game);
      return say("{}\n", c.empty() ? "No clock: the game is untimed." : c), -1;
    }
    if (cmd == "moves") {
      if (!game->my_turn()) return say("Not your turn: the legal moves are shown to the seat to move.\n"), -1;
      std::string list;
      for (const auto& a : game->position().info().legal()) list += (list.empty() ? "" : " ") + a.notation();
      return say("{} legal: {}\n", game->position().info().legal_ids_size(), list), -1;
    }
    const auto seat_request = [&](auto setter) {
      if (watching()) return say("You are watching: that needs a seat.\n"), -1;
      net::ClientMessage m;
      setter(m)->mutable_key()->CopyFrom(*client_.seat_key(game_id_));
      client_.send(m);
      awaiting_answer_ = true;
      return -1;
    };
    if (cmd == "resign") return seat_request([](net::ClientMessage& m) { return m.mutable_resign(); });
    if (cmd == "abort") return seat_request([](net::ClientMessage& m) { return m.mutable_abort(); });
    if (cmd == "rematch") return seat_request([](net::ClientMessage& m) { return m.mutable_rematch(); });
    if (cmd == "hint") {
      if (!game->my_turn()) return say("A hint is for the seat to move.\n"), -1;
      return seat_request([](net::ClientMessage& m) { return m.mutable_hint(); });
    }
    if (cmd == "takeback" || cmd == "undo") {
      if (!game->summary().takebacks_allowed())
        return say("No takebacks in this game: it was created without them (--takebacks).\n"), -1;
      if (watching()) return say("You are watching: that needs a seat.\n"), -1;
      net::ClientMessage m;
      *m.mutable_takeback()->mutable_key() = *client_.seat_key(game_id_);
      m.mutable_takeback()->set_ply(game->plies());
      client_.send(m);
      return -1;
    }
    if (cmd == "accept" || cmd == "decline") {
      const auto& offer = game->summary().takeback_offer();
      if (!game->summary().has_takeback_offer() || offer.seat() == game->seat())
        return say("No takeback is offered to you.\n"), -1;
      if (watching()) return say("You are watching: that needs a seat.\n"), -1;
      net::ClientMessage m;
      *m.mutable_takeback_answer()->mutable_key() = *client_.seat_key(game_id_);
      m.mutable_takeback_answer()->set_accept(cmd == "accept");
      client_.send(m);
      return -1;
    }
    if (word == "at") return analyze_earlier(*game, cmd.substr(2)), -1;
    if (is_topic(*game, word)) {
      net::ClientMessage m;
      m.mutable_analyze()->set_game_id(game_id_);
      m.mutable_analyze()->set_topic(cmd);
      m.mutable_analyze()->set_latest(true);
      client_.send(m);
      awaiting_answer_ = true;
      return -1;
    }
    if (watching()) return say("You are watching: moves are for the seats. Type 'help' for commands.\n"), -1;
    if (!game->my_turn()) {
      const int to_move = game->position().info().to_move();
      return say("Not your turn ({} to move).\n", to_move < 0 ? std::string("nobody") : who(*game, to_move)), -1;
    }
    send_move(*game, cmd);
    return -1;
  }

  // A typed move: read here when the plugin is installed and the state is
  // known (so a typo is explained at once), else by the server.
  void send_move(const GameTracker& game, const std::string& text) {
    net::ClientMessage m;
    net::Move& move = *m.mutable_move();
    *move.mutable_key() = *client_.seat_key(game_id_);
    move.set_ply(game.plies() + 1);
    Plugin* plugin = game.position().state().empty() ? nullptr : local_plugin(game.summary().game_type());
    if (plugin) {
      auto read = read_typed_move(*plugin, game.position().state(), text);
      if (auto* why = std::get_if<std::string>(&read)) {
        say("Illegal or not understood: {}\nType 'moves' for the legal actions, 'help' for commands.\n", *why);
        return;
      }
      move.set_action_id(std::get<pb::ActionInfo>(read).id());
    } else {
      move.set_notation(text);
    }
    client_.send(m);
    awaiting_answer_ = true;  // MoveMade, or the Error that refuses it
  }

  Plugin* local_plugin(const std::string& id) {
    if (!registry_) registry_ = common_.registry();
    try {
      return &registry_->find(id);
    } catch (const HostError&) {
      return nullptr;
    }
  }

  // "at 12 score": a topic of the game's analysis on the position after
  // ply 12 (Analyze.ply; a spectator too, where the server allows it).
  void analyze_earlier(const GameTracker& game, const std::string& rest) {
    unsigned ply = 0;
    int used = 0;
    if (std::sscanf(rest.c_str(), " %u %n", &ply, &used) != 1 || used <= 0)
      return say("Not understood: 'at PLY TOPIC' analyses an earlier position (e.g. 'at 12 score').\n");
    const std::string topic = trimmed(rest.substr(static_cast<std::size_t>(used)));
    if (!is_topic(game, topic.substr(0, topic.find(' '))))
      return say("Not understood: '{}' is not one of the game's analyses ('help' lists them).\n", clipped(topic));
    net::ClientMessage m;
    m.mutable_analyze()->set_game_id(game_id_);
    m.mutable_analyze()->set_topic(topic);
    m.mutable_analyze()->set_ply(ply);
    client_.send(m);
    awaiting_answer_ = true;
  }

  bool is_topic(const GameTracker& game, const std::string& word) const {
    const auto* info = info_of(game);
    if (!info) return false;
    for (const auto& [topic, help] : info->analysis_topics())
      if (topic.substr(0, topic.find(' ')) == word) return true;
    return false;
  }

  void help(const GameTracker* game) {
    const bool has_legal = game && game->my_turn() && game->position().info().legal_size() > 0;
    say("Type an action in the game's notation{}, or:\n", has_legal
        ? fmt::format(" (e.g. {})", game->position().info().legal(0).notation()) : "");
    say("  {:<10} this help\n  {:<10} every legal action\n  {:<10} the board again\n  {:<10} the clocks\n"
        "  {:<10} the engine's best move and why (when the game allows hints)\n  {:<10} give up the game\n"
        "  {:<10} end the game before its first move\n  {:<10} offer a rematch of a finished game\n"
        "  {:<10} offer to take back your last move and the replies since (when the game allows takebacks)\n"
        "  {:<10} accept or decline the other seat's takeback offer\n"
        "  {:<10} leave (your seat stays yours; come back with --token)\n"
        "  {:<10} a topic below on the position after an earlier ply (e.g. at 4 score)\n",
        "help", "moves", "board", "clock", "hint", "resign", "abort", "rematch", "takeback", "accept/decline", "quit",
        "at N TOPIC");
    if (const auto* info = game ? info_of(*game) : nullptr) {
      const std::map<std::string, std::string> topics(info->analysis_topics().begin(), info->analysis_topics().end());
      for (const auto& [topic, text] : topics) say("  {:<10} {}\n", topic, text);
    }
  }

  const RemotePlaySettings& settings_;
  Common& common_;
  std::ostream& out_;
  client::ServerUrl url_;
  Client client_;
  LineReader lines_;
  std::optional<Registry> registry_;
  std::map<std::string, pb::GameInfo> types_;
  std::string game_id_;
  std::uint32_t prompted_ply_ = 0;
  bool awaiting_answer_ = false;  // a request was sent whose answer prompts again
  std::uint32_t shown_ply_ = UINT32_MAX;  // the ply of the position last shown
  bool shown_header_ = false;
  bool color_ = false;
  bool terminal_ = false;      // stdout is a terminal: the clocks tick
  bool ticking_ = false;       // the clock line is on the screen, unended
  bool prompt_shown_ = false;  // the prompt is the last thing printed
  std::int64_t last_tick_ms_ = 0;
};

}  // namespace

int run_remote_play(const RemotePlaySettings& settings, Common& common, std::istream& in, std::ostream& out) {
  RemotePlay play(settings, common, in, out);
  return play.run();
}

void add_remote_play_options(CLI::App* cmd, RemotePlaySettings& s) {
  const char* group = "Playing on a server (gamehost serve)";
  cmd->add_option("--connect", s.server,
                  "play on the server at URL (ws://HOST:PORT/ws, http://HOST:PORT, or an invite link): GAME is a "
                  "game to create (--playerN human|open|invite|ENGINE) or a game id to join")
      ->type_name("URL")
      ->group(group);
  cmd->add_option("--seat", s.seat, "with --connect GAME_ID: the seat to join, from 1 (default: the first open)")
      ->group(group);
  cmd->add_option("--token", s.token, "with --connect: take up your seat again (GAME:SEAT:TOKEN as printed, or an invite link)")
      ->group(group);
  cmd->add_flag("--watch", s.watch, "with --connect GAME_ID: watch the game")->group(group);
  cmd->add_option("--time", s.time, "with --connect, a new game: MIN+SEC (Fischer: 5+3) or DAYSd (2d a move)")
      ->type_name("TC")
      ->group(group);
  cmd->add_flag("--hints", s.hints, "with --connect, a new game: allow hints (joining accepts it)")->group(group);
  cmd->add_flag("--takebacks", s.takebacks,
                "with --connect, a new game: a seat may offer to take back its last move (joining accepts it)")
      ->group(group);
  cmd->add_option("--name", s.name, "with --connect: your name (default: $USER)")->group(group);
  cmd->add_option("--join-password-file", s.join_password_file, "with --connect: the server's join password, in FILE")
      ->type_name("FILE")
      ->group(group);
}

}  // namespace gamehost
