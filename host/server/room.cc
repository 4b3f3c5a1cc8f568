#include "gamehost/server/room.h"

#include <fmt/core.h>

#include <algorithm>
#include <iostream>
#include <variant>

#include "gamehost/play/agents/spec.h"
#include "gamehost/secrets/chance_secret.h"
#include "gamehost/play/faults.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/log_seal.h"
#include "gamehost/play/play.h"
#include "gamehost/records/replay.h"
#include "gamehost/play/resume.h"
#include "gamehost/secrets/record_as_seat.h"
#include "gamehost/play/agent_view.h"
#include "gamehost/server/downloads.h"
#include "gamehost/text/typed_move.h"

namespace gamehost::server {
namespace {

constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;

// The stand-in for a person's seat when a resumed game's engines catch up
// (resume.h): it never chooses, so it is never asked.
class RemoteSeat : public Agent {
 public:
  std::optional<std::uint32_t> choose(const Turn&) override { return std::nullopt; }
  std::string spec() const override { return "human"; }
};

}  // namespace

Room::Room(RoomContext& context, std::unique_ptr<Plugin> plugin, std::string id)
    : context_(context), plugin_(std::move(plugin)), id_(std::move(id)), timer_(context.io) {}

Room::~Room() = default;

bool Room::over() const {
  return summary_.status() == net::FINISHED || summary_.status() == net::ABORTED;
}

GameRecord Room::record() const {
  GameRecord r = stored_;
  r.summary = summary_;
  r.turn_started_ms = turn_started_ms_;
  r.deadline_ms = deadline_ms_;
  r.seats.clear();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    SeatRecord s = seats_[i].record;
    if (i < remaining_.size()) s.remaining_ms = remaining_[i];
    r.seats.push_back(s);
  }
  return r;
}

void Room::save(bool at_once) {
  // The summary's seats follow the records.
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto& s = *summary_.mutable_seats(static_cast<int>(i));
    const auto& r = seats_[i].record;
    s.set_player(r.player);
    s.set_open(r.kind == "open");
    s.set_engine(r.kind == "engine");
    s.set_invited(r.kind == "invite");
    s.set_connected(r.kind == "engine" ||
                    std::any_of(seats_[i].peers.begin(), seats_[i].peers.end(), [](const auto& p) { return !p.expired(); }));
  }
  summary_.set_plies(static_cast<std::uint32_t>(plies_.size()));
  add_downloads(summary_, *plugin_);  // once over: its files' links
  if (at_once) {
    context_.store.save(record());
  } else if (context_.store.stage(record())) {
    // One transaction for every move made until this handler runs.
    boost::asio::post(context_.io, [&store = context_.store] {
      try {
        store.flush();
      } catch (const HostError& e) {
        std::cerr << "gamehost serve: " << e.what() << " (the records are written again at the next change)\n";
      }
    });
  }
  if (context_.changed) context_.changed(summary_);
}

void Room::create(const net::CreateGame& request, const std::vector<std::string>& token_hashes) {
  const pb::GameInfo& game = plugin_->info();
  const int players = plugin_->players();
  std::vector<pb::OptionValue> options(request.options().begin(), request.options().end());
  check_option_values(game, options);  // HostError: BAD_OPTION
  const std::uint64_t seed = request.has_seed() ? request.seed() : secure_u64();
  if (game.has_chance() && !request.has_chance_seed()) {
    secrets_ = draw_game_secrets(game.has_hidden_information());
    secret_ = true;
    chance_secret_ = secrets_->chance;
    agents_seed_ = secrets_->agents_seed;
    stored_.secret_path = "games/" + id_ + ".secret";
    write_secret_file(context_.data_dir / stored_.secret_path, *secrets_);
  } else {
    chance_secret_ = given_chance(request.has_chance_seed() ? request.chance_seed() : 0);
    stored_.chance_seed = chance_secret_.seed;
    agents_seed_ = seed;
  }
  chance_ = std::make_unique<SplitMix>(chance_secret_.seed);

  summary_.set_game_id(id_);
  summary_.set_game_type(game.id());
  summary_.set_game_name(game.name());
  *summary_.mutable_time() = request.time();
  summary_.set_created_ms(now_ms());
  summary_.set_hints_allowed(request.hints_allowed());
  summary_.set_takebacks_allowed(request.takebacks_allowed());
  summary_.set_seed(seed);
  for (int seat = 0; seat < players; ++seat) {
    const auto& spec = request.seats(seat);
    Seat s;
    s.record.seat = seat;
    s.record.token_hash = token_hashes[static_cast<std::size_t>(seat)];
    if (spec.kind_case() == net::CreateGame::SeatSpec::kEngine) {
      s.record.kind = "engine";
      const std::string resolved = with_game_defaults(spec.engine(), game);
      s.engine = make_agent(resolved, AgentContext{agents_seed_, seat, nullptr, nullptr, nullptr, false, false, secret_});
      s.record.player = secret_ ? public_agent_spec(spec.engine(), s.engine->spec()) : s.engine->spec();
    } else if (seat == request.take_seat()) {
      s.record.kind = "person";
      s.record.player = request.name();
    } else {
      s.record.kind = spec.kind_case() == net::CreateGame::SeatSpec::kInvite ? "invite" : "open";
    }
    auto* summary_seat = summary_.add_seats();
    summary_seat->set_seat(seat);
    summary_seat->set_seat_name(game.player_names(seat));
    seats_.push_back(std::move(s));
  }

  pb::NewGameRequest start;
  for (const auto& o : options) *start.add_options() = o;
  start.set_seed(seed);
  *start.mutable_flags() = full_flags();
  pb::NewGameResponse started;
  try {
    started = plugin_->new_game(start);
  } catch (const CallError& e) {
    throw HostError(fmt::format("{}: {}", game.id(), e.what()));
  }
  *summary_.mutable_options() = started.options();

  pb::LogHeader header;
  header.set_interface_version(kInterfaceVersion);
  header.set_game_id(game.id());
  header.set_game_version(game.version());
  *header.mutable_options() = started.options();
  header.set_seed(seed);
  header.set_initial_state(started.state());
  header.set_initial_state_hash(state_hash(started.state()));
  header.set_setup(started.setup());
  for (int seat = 0; seat < players; ++seat) {
    auto* p = header.add_players();
    p->set_name(game.player_names(seat));
    // A person's seat is recorded as "human": a resumed game waits for them.
    p->set_agent(seats_[static_cast<std::size_t>(seat)].engine ? seats_[static_cast<std::size_t>(seat)].engine->spec()
                                                               : "human");
    if (secret_ && seats_[static_cast<std::size_t>(seat)].engine)
      p->set_agent(seats_[static_cast<std::size_t>(seat)].record.player);
  }
  start_ms_ = now_ms();
  header.set_start_time_ms(start_ms_);
  header.set_host_version(GAMEHOST_VERSION);
  if (secret_) commit_secrets(header, *secrets_);
  else if (game.has_chance()) commit_chance(header, chance_secret_);
  stored_.id = id_;
  stored_.log_path = "games/" + id_ + ".ghlog";
  log_ = std::make_unique<LogWriter>(context_.data_dir / stored_.log_path, header, false);

  state_ = std::move(*started.mutable_state());
  info_ = plugin_->query(state_, step_flags());
  const auto& time = request.time();
  remaining_.assign(static_cast<std::size_t>(players), time.has_live() ? time.live().base_ms() : 0);
  const bool waiting = std::any_of(seats_.begin(), seats_.end(), [](const Seat& s) {
    return s.record.kind == "open" || s.record.kind == "invite";
  });
  summary_.set_status(waiting ? net::WAITING : net::PLAYING);
  advance();
  save();
}

void Room::resume(const GameRecord& record, std::int64_t server_down_ms, Registry& registry) {
  stored_ = record;
  summary_ = record.summary;
  Plugin* registered = nullptr;
  const auto log_path = context_.data_dir / record.log_path;
  ResumePoint point = load_resume_point(registry, log_path, registered,
                                        record.secret_path.empty() ? std::filesystem::path()
                                                                   : context_.data_dir / record.secret_path);
  const auto& header = point.log.record.header();
  start_ms_ = header.start_time_ms();
  secret_ = point.secrets.has_value();
  if (secret_) {
    secrets_ = point.secrets;
    chance_secret_ = secrets_->chance;
    agents_seed_ = secrets_->agents_seed;
  } else {
    // Not secret: the chance seed the creator gave, kept in the records.
    chance_secret_ = given_chance(record.chance_seed);
    agents_seed_ = header.seed();
  }
  chance_ = std::make_unique<SplitMix>(chance_secret_.seed);
  std::vector<std::unique_ptr<Agent>> agents;
  for (const auto& s : record.seats) {
    Seat seat;
    seat.record = s;
    if (s.kind == "engine") {
      const std::string spec = header.players(s.seat).agent();
      seat.engine = make_agent(spec, AgentContext{agents_seed_, s.seat, nullptr, nullptr, nullptr, false, false, secret_});
    }
    seats_.push_back(std::move(seat));
  }
  for (auto& s : seats_) {
    if (s.engine) agents.push_back(std::move(s.engine));
    else agents.push_back(std::make_unique<RemoteSeat>());
  }
  catch_up(*plugin_, point, agents, *chance_, nullptr);
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].record.kind == "engine") seats_[i].engine = std::move(agents[i]);

  state_ = point.states.back();
  if (point.states.size() >= 2) before_ = point.states[point.states.size() - 2];
  info_ = plugin_->query(state_, step_flags());
  plies_.assign(point.log.record.plies().begin(), point.log.record.plies().end());
  seen_.assign(plies_.size(), 0);
  for (int seat = 0; seat < plugin_->players(); ++seat) {
    const auto seen = plies_seen_by(*plugin_, point.log, point.states, seat);
    for (std::size_t i = 0; i < seen.size(); ++i)
      if (seen[i]) seen_[i] |= 1u << seat;
  }
  log_ = std::make_unique<LogWriter>(log_path, point.log.size, point.keep_bytes);

  // Clocks: the time the server was down is charged to nobody.
  remaining_.clear();
  for (const auto& s : seats_) remaining_.push_back(s.record.remaining_ms);
  const std::int64_t now = now_ms();
  running_ = -1;
  if (summary_.status() == net::PLAYING && !info_.terminal() && info_.to_move() >= 0) {
    running_ = info_.to_move();
    // A record older than the log (killed before the group commit of the
    // last plies) has the turn start of an earlier ply: nothing is charged.
    const bool record_current = record.summary.plies() == plies_.size();
    const std::int64_t used_before_stop =
        record_current ? std::max<std::int64_t>(0, now - server_down_ms - record.turn_started_ms) : 0;
    if (summary_.time().has_live())
      remaining_[static_cast<std::size_t>(running_)] -= used_before_stop;
    turn_started_ms_ = now;
    deadline_ms_ = record.deadline_ms ? record.deadline_ms + server_down_ms : 0;
    if (summary_.time().has_correspondence() && deadline_ms_ == 0)
      deadline_ms_ = now + summary_.time().correspondence().days_per_move() * kDayMs;
    arm_timer();
  }
  check_takeback_offer();
  advance();
  save();
}

void Room::close() {
  closed_ = true;
  timer_.cancel();
}

void Room::start_clock() {
  running_ = info_.to_move();
  turn_started_ms_ = now_ms();
  deadline_ms_ = summary_.time().has_correspondence()
                     ? turn_started_ms_ + summary_.time().correspondence().days_per_move() * kDayMs
                     : 0;
  arm_timer();
}

void Room::arm_timer() {
  timer_.cancel();
  const auto& time = summary_.time();
  if (running_ < 0 || (!time.has_live() && !time.has_correspondence())) return;
  const std::int64_t due = time.has_live()
                               ? turn_started_ms_ + std::max<std::int64_t>(0, remaining_[static_cast<std::size_t>(running_)])
                               : deadline_ms_;
  timer_.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, due - now_ms())));
  const int seat = running_;
  const auto ply = plies_.size();
  std::weak_ptr<Room> self = weak_from_this();
  timer_.async_wait([self, seat, ply](const boost::system::error_code& ec) {
    const auto room = self.lock();
    if (ec || !room || room->closed_ || room->over() || room->running_ != seat || room->plies_.size() != ply) return;
    room->time_out(seat);
  });
}

net::Clocks Room::clocks() const {
  net::Clocks c;
  const std::int64_t now = now_ms();
  for (std::size_t i = 0; i < remaining_.size(); ++i) {
    std::int64_t left = remaining_[i];
    if (static_cast<int>(i) == running_ && summary_.time().has_live()) left -= now - turn_started_ms_;
    c.add_remaining_ms(summary_.time().has_live() ? std::max<std::int64_t>(0, left) : 0);
  }
  c.set_running(running_);
  c.set_server_time_ms(now);
  c.set_deadline_ms(deadline_ms_);
  return c;
}

void Room::advance() {
  if (over()) return;
  pb::StepResponse applied;
  const std::uint32_t limit = ply_limit(0, plugin_->info().max_plies());
  try {
    while (!info_.terminal() && info_.to_move() == -1) {
      if (plies_.size() >= limit) break;
      const std::uint32_t outcome = draw_chance(info_, chance_->unit());
      plugin_->step(state_, outcome, applied, /*scores=*/false, /*describe_action=*/true);
      record_ply(-1, outcome, applied, 0);
    }
  } catch (const PluginFault& f) {
    fault(fault_record(f, plies() + 1, now_ms() - start_ms_));
    return;
  }
  if (info_.terminal()) {
    finish(net::GAME_OVER_BY_RULES, -1, "");
    return;
  }
  if (plies_.size() >= limit) {
    fault(length_fault(plugin_->id(), limit, now_ms() - start_ms_));
    return;
  }
  if (summary_.status() == net::PLAYING && running_ != info_.to_move()) start_clock();
  schedule_engine();
}

void Room::record_ply(int seat, std::uint32_t action, pb::StepResponse& applied, std::uint64_t reply_to) {
  pb::LogPly ply;
  ply.set_ply(static_cast<std::uint32_t>(plies_.size() + 1));
  ply.set_player(seat);
  ply.set_action_id(action);
  ply.set_notation(applied.notation());
  ply.set_time_ms(now_ms() - start_ms_);
  ply.set_state_hash(state_hash(applied.state()));
  if (secrets_ && !secrets_->seal_key.empty()) {
    pb::LogPly sealed = ply;
    seal_ply(sealed, secrets_->seal_key);
    log_->append(sealed);
  } else {
    log_->append(ply);
  }
  // In the log: now it may be told.
  std::uint32_t seen = 0;
  for (int s = 0; s < plugin_->players(); ++s)
    if (seat >= 0 || !plugin_->info().has_hidden_information() || chance_seen_by(*plugin_, state_, action, s))
      seen |= 1u << s;
  plies_.push_back(ply);
  seen_.push_back(seen);
  before_ = std::move(state_);
  state_ = std::move(*applied.mutable_state());
  take_step_info(applied, info_);
  // Fischer: the increment once the seat's turn (of one or more plies) is over.
  if (seat >= 0 && info_.to_move() != seat && summary_.time().has_live())
    remaining_[static_cast<std::size_t>(seat)] += summary_.time().live().increment_ms();
  running_ = -1;
  timer_.cancel();
  if (summary_.status() == net::PLAYING && !info_.terminal() && info_.to_move() >= 0) start_clock();
  summary_.set_plies(static_cast<std::uint32_t>(plies_.size()));
  // The move is in the log: the records (ply count, clocks) follow with the
  // next group commit. A crash before it resumes from the log, the turn's
  // time charged to nobody (resume).
  if (seat >= 0 || info_.to_move() >= 0) save(/*at_once=*/false);
  broadcast_ply(plies_.size() - 1, reply_to);
}

// Charges `seat` the time since its clock started; false when it ran out.
bool Room::charge(int seat) {
  const auto& time = summary_.time();
  const std::int64_t now = now_ms();
  if (time.has_live()) {
    auto& left = remaining_[static_cast<std::size_t>(seat)];
    left -= now - turn_started_ms_;
    if (left <= 0) return false;
  } else if (time.has_correspondence()) {
    if (now > deadline_ms_) return false;
  }
  return true;
}

std::optional<net::Error> Room::move(int seat, const net::Move& request, std::uint64_t reply_to) {
  net::Error error;
  error.set_game_id(id_);
  const auto refuse = [&](net::Error::Code code, std::string what) {
    error.set_code(code);
    error.set_message(std::move(what));
    return error;
  };
  if (over()) return refuse(net::Error::GAME_OVER, fmt::format("game {} is over ({})", id_, summary_.result()));
  if (summary_.status() == net::WAITING)
    return refuse(net::Error::NOT_ALLOWED, fmt::format("game {} waits for its open seats to be taken", id_));
  if (info_.to_move() != seat)
    return refuse(net::Error::NOT_YOUR_TURN,
                  fmt::format("game {}, ply {}: seat {} ({}) is to move, not seat {}", id_, plies() + 1,
                              info_.to_move(), plugin_->info().player_names(info_.to_move()), seat));
  if (request.ply() != static_cast<std::uint32_t>(plies() + 1))
    return refuse(net::Error::STALE_MOVE, fmt::format("game {}: the move says ply {}, but the next ply is {}", id_,
                                                      request.ply(), plies() + 1));
  std::uint32_t action = 0;
  if (request.action_case() == net::Move::kNotation) {
    auto typed = read_typed_move(*plugin_, state_, request.notation());
    if (const auto* why = std::get_if<std::string>(&typed))
      return refuse(net::Error::ILLEGAL_MOVE, fmt::format("game {}, ply {}: '{}': {}", id_, plies() + 1,
                                                          clipped(request.notation()), *why));
    action = std::get<pb::ActionInfo>(typed).id();
  } else if (request.action_case() == net::Move::kActionId) {
    action = request.action_id();
    if (!std::binary_search(info_.legal_ids().begin(), info_.legal_ids().end(), action)) {
      std::string why = "not a legal action now";
      try {
        pb::ApplyResponse ignored;
        plugin_->apply(state_, action, pb::QueryFlags(), ignored);
      } catch (const CallError& e) {
        why = e.what();
      }
      return refuse(net::Error::ILLEGAL_MOVE, fmt::format("game {}, ply {}: action {}: {}", id_, plies() + 1, action, why));
    }
  } else {
    return refuse(net::Error::BAD_REQUEST, "Move: give action_id or notation");
  }
  if (!charge(seat)) {
    time_out(seat);
    return refuse(net::Error::GAME_OVER, fmt::format("game {}: seat {} ran out of time before the move came", id_, seat));
  }
  play(seat, action, reply_to);
  return std::nullopt;
}

void Room::play(int seat, std::uint32_t action, std::uint64_t reply_to) {
  if (summary_.has_takeback_offer()) decline_takeback(seat);  // a move answers the offer
  pb::StepResponse applied;
  try {
    plugin_->step(state_, action, applied, /*scores=*/false, /*describe_action=*/true);
  } catch (const PluginFault& f) {
    fault(fault_record(f, plies() + 1, now_ms() - start_ms_));
    return;
  }
  record_ply(seat, action, applied, reply_to);
  advance();
}

void Room::schedule_engine() {
  if (closed_ || over() || summary_.status() != net::PLAYING || info_.terminal()) return;
  const int seat = info_.to_move();
  if (seat < 0 || !seats_[static_cast<std::size_t>(seat)].engine) return;
  const int ply = plies() + 1;
  if (engine_ply_ == ply) return;  // already searching
  engine_ply_ = ply;
  if (!engine_plugin_) engine_plugin_ = plugin_->clone();
  auto self = shared_from_this();
  Agent* agent = seats_[static_cast<std::size_t>(seat)].engine.get();
  Plugin* engine = engine_plugin_.get();
  boost::asio::post(context_.engines, [self, agent, engine, seat, ply, state = state_, info = info_,
                                       seed = agents_seed_, line = line_] {
    std::optional<std::uint32_t> choice;
    std::string failed;
    try {
      AgentView view(*engine, seed);  // with hidden information the engine sees only its seat's sample
      view.show(state, info, seat, ply);
      choice = agent->choose(Turn{*engine, view.state(), view.info(), seat, ply});
      if (!choice) failed = "the engine chose nothing";
    } catch (const std::exception& e) {
      failed = e.what();
    }
    boost::asio::post(self->context_.io,
                      [self, ply, line, choice, failed] { self->engine_chose(ply, line, choice, failed); });
  });
}

void Room::engine_chose(int ply, std::uint64_t line, std::optional<std::uint32_t> choice, const std::string& failed) {
  if (line != line_) return;  // searched for a position since taken back
  if (engine_ply_ == ply) engine_ply_ = -1;
  if (closed_ || over() || ply != plies() + 1) return;
  const int seat = info_.to_move();
  if (!failed.empty() || !choice ||
      !std::binary_search(info_.legal_ids().begin(), info_.legal_ids().end(), *choice)) {
    pb::LogFault f;
    f.set_plugin(plugin_->id());
    f.set_call("engine");
    f.set_ply(static_cast<std::uint32_t>(ply));
    f.set_what(failed.empty() ? fmt::format("the engine chose action {}, which is not legal", choice.value_or(0))
                              : failed);
    f.set_time_ms(now_ms() - start_ms_);
    fault(f);
    return;
  }
  if (!charge(seat)) {
    time_out(seat);
    return;
  }
  play(seat, *choice, 0);
}

void Room::time_out(int seat) {
  finish(net::TIME_FORFEIT, seat,
         fmt::format("{} lost on time", plugin_->info().player_names(seat)));
}

void Room::resign(int seat) {
  finish(net::RESIGNED, seat, fmt::format("{} resigned", plugin_->info().player_names(seat)));
}

std::optional<net::Error> Room::abort(int seat) {
  const bool moved = std::any_of(plies_.begin(), plies_.end(), [](const pb::LogPly& p) { return p.player() >= 0; });
  if (over() || moved) {
    net::Error e;
    e.set_code(over() ? net::Error::GAME_OVER : net::Error::NOT_ALLOWED);
    e.set_message(fmt::format("game {}: {}", id_, over() ? "the game is over" : "a move was made: resign instead"));
    e.set_game_id(id_);
    return e;
  }
  finish(net::ABORTED_BEFORE_START, seat, fmt::format("aborted by {}", plugin_->info().player_names(seat)));
  return std::nullopt;
}

void Room::finish(net::EndReason reason, int seat, const std::string& why) {
  if (over()) return;
  timer_.cancel();
  running_ = -1;
  summary_.clear_takeback_offer();
  const int players = plugin_->players();
  pb::LogResult result;
  if (reason == net::GAME_OVER_BY_RULES) {
    try {
      info_ = plugin_->query(state_, full_flags());  // the scores, once
    } catch (const PluginFault& f) {
      fault(fault_record(f, plies(), now_ms() - start_ms_));
      return;
    }
    *result.mutable_returns() = info_.returns();
    *result.mutable_scores() = info_.scores();
    result.set_result(info_.result());
  } else {
    // The host's returns: the seat that forfeited -1, the others share +1
    // (all 0 for an abort).
    for (int s = 0; s < players; ++s)
      result.add_returns(reason == net::ABORTED_BEFORE_START ? 0.0 : s == seat ? -1.0 : 1.0 / (players - 1));
    result.set_result(why);
    auto* forfeit = result.mutable_forfeit();
    forfeit->set_seat(seat);
    forfeit->set_reason(reason == net::RESIGNED ? "resigned" : reason == net::TIME_FORFEIT ? "time" : "aborted");
  }
  result.set_plies(static_cast<std::uint32_t>(plies_.size()));
  result.set_end_time_ms(now_ms() - start_ms_);
  if (secrets_) reveal_secrets(result, *secrets_);
  else if (plugin_->info().has_chance()) reveal_chance(result, chance_secret_);
  log_->finish(result);
  log_.reset();
  summary_.set_status(reason == net::ABORTED_BEFORE_START ? net::ABORTED : net::FINISHED);
  summary_.set_result(result.result());
  stored_.end_reason = reason;
  save();
  broadcast_end(reason, seat, result);
}

void Room::fault(const pb::LogFault& f) {
  if (over()) return;
  timer_.cancel();
  running_ = -1;
  pb::LogFault revealed = f;
  if (secrets_) revealed.set_seal_key(secrets_->seal_key);
  if (log_) log_->fault(revealed);
  log_.reset();
  summary_.set_status(net::FINISHED);
  summary_.set_result(fault_text(f));
  stored_.end_reason = net::PLUGIN_FAULT;
  save();
  pb::LogResult none;
  broadcast_end(net::PLUGIN_FAULT, -1, none);
}

}  // namespace gamehost::server
