#include "gamehost/play/play.h"

#include <fmt/chrono.h>
#include <fmt/core.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>
#include <ostream>

#include "gamehost/play/agents/random_agent.h"
#include "gamehost/play/agents/spec.h"
#include "gamehost/play/faults.h"
#include "gamehost/secrets/chance_secret.h"
#include "gamehost/records/log_seal.h"
#include "gamehost/records/log_takeback.h"
#include "gamehost/records/replay.h"
#include "gamehost/play/agent_view.h"
#include "gamehost/play/resume.h"

namespace gamehost {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::filesystem::path default_log_path(const std::string& game_id, std::uint64_t seed) {
  const std::time_t t = std::time(nullptr);
  std::tm local{};
  localtime_r(&t, &local);
  return std::filesystem::path("games") / "recorded" /
         fmt::format("{}-{:%Y%m%d-%H%M%S}-seed{}.ghlog", game_id, local, seed);
}

PlayResult play_game(Plugin& plugin, const PlaySettings& s) {
  const int players = plugin.players();
  if (static_cast<int>(s.agents.size()) != players)
    throw HostError(fmt::format("{} needs {} players, {} agents given", plugin.id(), players, s.agents.size()));
  // A game with chance not made reproducible is secret: its chance, its
  // agents' seeds and (with hidden information) its plies' hidden parts.
  const bool chance_game = plugin.info().has_chance();
  GameSecrets drawn;
  const GameSecrets* secrets = s.secrets;
  if (!secrets && chance_game && !s.chance_seed) {
    drawn = draw_game_secrets(plugin.info().has_hidden_information());
    secrets = &drawn;
  }
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<bool> own_agent(players, false);  // made by the caller (e.g. a Python function): no seed of ours
  for (int seat = 0; seat < players; ++seat) {
    std::unique_ptr<Agent> own = s.custom_agent ? s.custom_agent(seat) : nullptr;
    own_agent[seat] = own != nullptr;
    // A new game takes the game's recommended parameters (GameInfo.agent_defaults);
    // a resumed one the specs its log recorded.
    agents.push_back(own ? std::move(own)
                         : make_agent(s.resume ? s.agents[seat] : with_game_defaults(s.agents[seat], plugin.info()),
                                      AgentContext{secrets ? secrets->agents_seed : s.seed, seat, s.in, s.out,
                                                   s.coach, s.coached, s.color, secrets != nullptr}));
  }

  pb::NewGameRequest request;
  for (const auto& o : s.options) *request.add_options() = o;
  request.set_seed(s.seed);
  *request.mutable_flags() = full_flags();
  pb::NewGameResponse started;
  PlayResult r;
  try {
    if (!s.resume) started = plugin.new_game(request);
  } catch (const CallError& e) {
    throw HostError(fmt::format("{}: {}", plugin.id(), e.what()));
  } catch (const PluginFault& f) {
    r.fault = fault_record(f, 0, 0);  // no state to record: no log
    return r;
  }
  if (s.resume) {  // from the last recorded ply
    started.set_state(s.resume->states.back());
    *started.mutable_info() = plugin.query(started.state(), full_flags());
  }

  pb::LogHeader header;
  header.set_interface_version(kInterfaceVersion);
  header.set_game_id(plugin.id());
  header.set_game_version(plugin.info().version());
  *header.mutable_options() = started.options();
  header.set_seed(s.seed);
  header.set_initial_state(started.state());
  header.set_initial_state_hash(state_hash(started.state()));
  header.set_setup(started.setup());
  for (int seat = 0; seat < players; ++seat) {
    auto* p = header.add_players();
    p->set_name(plugin.info().player_names(seat));
    // A secret game's agents' seeds are committed, not printed (revealed with the result).
    p->set_agent(secrets && !own_agent[seat] ? public_agent_spec(s.agents[seat], agents[seat]->spec())
                                             : agents[seat]->spec());
  }
  const std::int64_t start = s.resume ? s.resume->log.record.header().start_time_ms() : now_ms();
  header.set_start_time_ms(start);
  header.set_host_version(GAMEHOST_VERSION);
  // Games without chance commit to nothing (their logs are as before).
  const ChanceSecret secret = secrets ? secrets->chance : given_chance(s.chance_seed.value_or(0));
  if (secrets) commit_secrets(header, *secrets);
  else if (chance_game) commit_chance(header, secret);
  const std::string seal_key = secrets ? secrets->seal_key : std::string();
  std::unique_ptr<LogWriter> log;
  if (!s.log_path.empty())
    log = s.resume ? std::make_unique<LogWriter>(s.log_path, s.resume->log.size, s.resume->keep_bytes)
                   : std::make_unique<LogWriter>(s.log_path, header, s.overwrite);
  if (log) log->set_durable(s.durable);

  r.state = std::move(*started.mutable_state());
  r.info = std::move(*started.mutable_info());
  SplitMix chance(secret.seed);  // chance events, recorded like any ply
  AgentView view(plugin, secrets ? secrets->agents_seed : s.seed);  // agents see only what their seat may
  // Every ply recorded (unsealed) and the state it was played from: what
  // a human's takeback goes back to.
  std::vector<pb::LogPly> played;
  std::vector<std::string> played_from;
  if (s.resume) {
    catch_up(plugin, *s.resume, agents, chance, s.out);
    r.plies = s.resume->log.record.plies_size();
    played.assign(s.resume->log.record.plies().begin(), s.resume->log.record.plies().end());
    played_from.assign(s.resume->states.begin(), s.resume->states.end() - 1);
  }
  // With hidden information and a person at the terminal, chance outcomes are
  // not printed (a coin drawn by the other seat is private; the human sees
  // what they may through Observe). Seats' own decisions are public.
  const bool hide_chance = plugin.info().has_hidden_information() &&
                           std::any_of(agents.begin(), agents.end(), [](const auto& a) { return a->spec() == "human"; });
  pb::StepResponse applied;  // one Step a ply: the new state with its legal ids
  pb::LogPly ply;
  std::string& move_start = r.move_start;  // the board marks the move since
  int move_seat = -1;                      // that move's seat (-1: none yet)
  const std::uint32_t limit = ply_limit(s.max_plies, plugin.info().max_plies());
  // A game that cannot go on reveals its seal key: its plies can then be read.
  const auto record_fault = [&](const pb::LogFault& fault) {
    if (!log) return;
    pb::LogFault revealed = fault;
    revealed.set_seal_key(seal_key);
    log->fault(revealed);
  };
  // A human's `takeback`: the stretch marked taken back in the log (written
  // anew, log_takeback.h) and here, then the game goes on before it.
  const auto take_back = [&](const TakebackStretch& stretch) {
    if (log) {
      log.reset();  // the writer's lock, released for the rewrite
      const GameLog after = take_back_in_log(s.log_path, stretch.first_ply);
      log = std::make_unique<LogWriter>(s.log_path, after.size, after.size);
      log->set_durable(s.durable);
    }
    for (std::size_t i = stretch.first_ply - 1; i < played.size(); ++i) played[i].set_taken_back(true);
    if (stretch.plies >= 2) played[stretch.first_ply - 1].set_taken_back_plies(stretch.plies);
    r.state = played_from[stretch.first_ply - 1];
    r.info = plugin.query(r.state, step_flags());
    if (!s.quiet && s.out)
      fmt::print(*s.out, "Taken back: {} {}; {} to move again\n", stretch.plies == 1 ? "ply" : "plies",
                 stretch.plies == 1 ? fmt::format("{}", stretch.first_ply)
                                    : fmt::format("{}-{}", stretch.first_ply, stretch.first_ply + stretch.plies - 1),
                 plugin.info().player_names(r.info.to_move()));
  };
  pb::LogPly sealed;
  bool scoring = false;  // a fault in the last Query is at the last ply
  try {
    while (!r.info.terminal()) {
      if (static_cast<std::uint32_t>(r.plies) >= limit) {
        r.fault = length_fault(plugin.id(), limit, now_ms() - start);
        record_fault(*r.fault);
        return r;
      }
      if (s.stop && s.stop->load()) return r;  // stopped: the log stays unfinished
      const int seat = r.info.to_move();
      std::optional<std::uint32_t> choice;
      if (seat == -1) {
        choice = draw_chance(r.info, chance.unit());
      } else {
        if (seat < 0 || seat >= players) throw HostError(fmt::format("{}: seat {} to move", plugin.id(), seat));
        if (r.info.legal_ids_size() == 0)
          throw HostError(fmt::format("{}: no legal action in a non-terminal state", plugin.id()));
        view.show(r.state, r.info, seat, r.plies + 1);
        choice = agents[seat]->choose(
            Turn{plugin, view.state(), view.info(), seat, r.plies + 1, move_seat < 0 ? nullptr : &move_start});
        if (!choice && agents[seat]->takeback_asked()) {
          const auto stretch = takeback_stretch(played, seat);
          if (const auto* why = std::get_if<std::string>(&stretch)) {
            agents[seat]->takeback_refused(*why);
            continue;
          }
          take_back(std::get<TakebackStretch>(stretch));
          move_seat = -1;  // no move marked on the board
          continue;
        }
        if (!choice) return r;  // abandoned: the log stays unfinished
        if (!std::binary_search(r.info.legal_ids().begin(), r.info.legal_ids().end(), *choice))
          throw HostError(fmt::format("agent {} chose action {}, which is not legal", agents[seat]->spec(), *choice));
      }
      plugin.step(r.state, *choice, applied, /*scores=*/false, /*describe_action=*/true);
      ++r.plies;
      // A coached human may take the move back: it is recorded, then undone.
      const bool taken_back =
          seat >= 0 && agents[seat]->take_back(Turn{plugin, view.state(), view.info(), seat, r.plies}, *choice);
      if (taken_back) ply.set_taken_back(true);
      else ply.clear_taken_back();
      ply.set_ply(static_cast<std::uint32_t>(r.plies));
      ply.set_player(seat);
      ply.set_action_id(*choice);
      ply.set_notation(applied.notation());
      ply.set_time_ms(now_ms() - start);
      ply.set_state_hash(state_hash(applied.state()));
      if (log && !seal_key.empty()) {
        sealed = ply;
        seal_ply(sealed, seal_key);
        log->append(sealed);
      } else if (log) {
        log->append(ply);
      }
      if (!s.quiet && s.out)
        fmt::print(*s.out, "{:>4}. {:<6} {}{}\n", r.plies,
                   seat == -1 ? std::string("chance") : plugin.info().player_names(seat),
                   seat == -1 && hide_chance ? std::string("?") : ply.notation(), taken_back ? " (taken back)" : "");
      played.push_back(ply);
      played_from.push_back(r.state);
      if (taken_back) continue;  // the same seat moves again from the same state
      if (seat >= 0 && seat != move_seat) move_start = r.state, move_seat = seat;
      r.state.swap(*applied.mutable_state());
      take_step_info(applied, r.info);
    }
    scoring = true;
    r.info = plugin.query(r.state, full_flags());  // the scores, once
  } catch (const PluginFault& f) {
    r.fault = fault_record(f, scoring ? r.plies : r.plies + 1, now_ms() - start);
    record_fault(*r.fault);
    return r;
  }
  r.finished = true;
  if (log) {
    pb::LogResult result;
    *result.mutable_returns() = r.info.returns();
    *result.mutable_scores() = r.info.scores();
    result.set_result(r.info.result());
    result.set_plies(static_cast<std::uint32_t>(r.plies));
    result.set_end_time_ms(now_ms() - start);
    if (secrets) reveal_secrets(result, *secrets);
    else if (chance_game) reveal_chance(result, secret);
    log->finish(result);
  }
  return r;
}

}  // namespace gamehost
