#include "gamehost/base/plural.h"
#include "gamehost/play/tournament.h"

#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cctype>
#include <condition_variable>
#include <mutex>
#include <optional>

#include "gamehost/calls/parallel.h"
#include "gamehost/play/agents/spec.h"
#include "gamehost/secrets/chance_secret.h"
#include "gamehost/play/faults.h"
#include "gamehost/play/play.h"
#include "gamehost/play/tournament_resume.h"
#include "gamehost/play/tournament_results.pb.h"
#include "gamehost/play/tournament_shard.h"
#include "gamehost/records/json_codec.h"

namespace gamehost {

std::vector<std::string> split_agent_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    std::string piece = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto eq = piece.find('='), colon = piece.find(':');
    const bool parameter = eq != std::string::npos && (colon == std::string::npos || colon > eq);
    if (parameter && !out.empty()) out.back() += "," + piece;
    else out.push_back(piece);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::vector<std::string> agent_labels(const std::vector<std::string>& agents) {
  std::vector<std::string> labels;
  for (std::size_t i = 0; i < agents.size(); ++i) {
    const auto repeats = std::count(agents.begin(), agents.begin() + static_cast<long>(i), agents[i]);
    labels.push_back(repeats ? fmt::format("{}#{}", agents[i], repeats + 1) : agents[i]);
  }
  return labels;
}

std::vector<ScheduledGame> round_robin(int agents, int games_per_pairing, std::uint64_t base_seed) {
  std::vector<ScheduledGame> out;
  for (int k = 0; k < games_per_pairing; ++k)
    for (int i = 0; i < agents; ++i)
      for (int j = i + 1; j < agents; ++j) {
        ScheduledGame g;
        g.index = static_cast<int>(out.size());
        g.seed = base_seed + static_cast<std::uint64_t>(k / 2);
        g.agent[0] = k % 2 == 0 ? i : j;
        g.agent[1] = k % 2 == 0 ? j : i;
        out.push_back(g);
      }
  return out;
}


// -------------------------------------------------------------------- table

namespace {

// 1 when seat 0 won, 0.5 drawn, 0 lost.
double first_seat_points(const GameOutcome& g) {
  return g.returns[0] > g.returns[1] ? 1.0 : g.returns[0] < g.returns[1] ? 0.0 : 0.5;
}

void wilson(int wins, int n, double& low, double& high) {
  if (n == 0) {
    low = 0, high = 1;
    return;
  }
  const double z = 1.959963984540054, p = static_cast<double>(wins) / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  low = std::max(0.0, centre - half);
  high = std::min(1.0, centre + half);
}

}  // namespace

Standings standings(const std::vector<std::string>& agents, const std::vector<GameOutcome>& games) {
  Standings s;
  const int n = static_cast<int>(agents.size());
  std::vector<TableRow> rows(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) rows[i].agent = i, rows[i].name = agents[i];
  std::vector<PairResult> pairs;
  for (const auto& g : games) {
    const double p0 = first_seat_points(g);
    for (int seat = 0; seat < 2; ++seat) {
      TableRow& r = rows[g.agent[seat]];
      const double pts = seat == 0 ? p0 : 1 - p0;
      ++r.games;
      r.wins += pts == 1.0;
      r.draws += pts == 0.5;
      r.losses += pts == 0.0;
      r.score_for += g.scores[seat];
      r.score_against += g.scores[1 - seat];
    }
    s.first_wins += p0 == 1.0;
    s.first_draws += p0 == 0.5;
    s.first_losses += p0 == 0.0;
    if (g.agent[0] != g.agent[1]) pairs.push_back({g.agent[0], g.agent[1], p0, 1});
  }
  for (auto& r : rows)
    if (r.games) r.score_for /= r.games, r.score_against /= r.games;
  s.elo = fit_elo(n, pairs);
  for (auto& r : rows) {
    r.elo = s.elo.rating[r.agent];
    r.elo_low = r.elo - 1.959963984540054 * s.elo.stderr_[r.agent];
    r.elo_high = r.elo + 1.959963984540054 * s.elo.stderr_[r.agent];
  }
  std::stable_sort(rows.begin(), rows.end(), [](const TableRow& a, const TableRow& b) { return a.elo > b.elo; });
  s.rows = std::move(rows);
  const int total = static_cast<int>(games.size());
  s.first_rate = total ? static_cast<double>(s.first_wins) / total : 0;
  wilson(s.first_wins, total, s.first_low, s.first_high);
  return s;
}

std::string format_standings(const std::vector<std::string>& agents, const std::vector<GameOutcome>& games,
                             const Standings& s, const std::string& first_seat_name) {
  std::size_t width = 5;
  for (const auto& a : agents) width = std::max(width, a.size());
  std::string out = fmt::format("  {:<{}}  {:>5} {:>4} {:>4} {:>4}  {:>7} {:>7} {:>7}  {:>6}  {}\n", "agent", width,
                                "games", "W", "D", "L", "for", "against", "diff", "Elo", "95% interval");
  for (const auto& r : s.rows)
    out += fmt::format("  {:<{}}  {:>5} {:>4} {:>4} {:>4}  {:>7.2f} {:>7.2f} {:>+7.2f}  {:>+6.0f}  [{:+.0f}, {:+.0f}]\n",
                       r.name, width, r.games, r.wins, r.draws, r.losses, r.score_for, r.score_against,
                       r.score_for - r.score_against, r.elo, r.elo_low, r.elo_high);
  out += "  (W/D/L: wins, draws, losses; for/against: mean points per game; Elo: maximum-likelihood fit, mean 0";
  out += s.elo.prior ? ", with one virtual draw per pairing because some agent never lost or never scored)\n" : ")\n";
  const int n = static_cast<int>(agents.size());
  out += "Pairings (wins-draws-losses of the first named):\n";
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      int w = 0, d = 0, l = 0, played = 0;
      for (const auto& g : games) {
        const bool ij = g.agent[0] == i && g.agent[1] == j, ji = g.agent[0] == j && g.agent[1] == i;
        if (!ij && !ji) continue;
        ++played;
        const double p0 = first_seat_points(g), pi = ij ? p0 : 1 - p0;
        w += pi == 1.0, d += pi == 0.5, l += pi == 0.0;
      }
      if (played) out += fmt::format("  {} vs {}: {}-{}-{}\n", agents[i], agents[j], w, d, l);
    }
  const int total = static_cast<int>(games.size());
  out += fmt::format("First player ({}): {}, {}, {} in {}: win rate {:.1f}% (95% interval {:.1f}-{:.1f}%)\n",
                     first_seat_name, count_of(s.first_wins, "win", "wins"), count_of(s.first_draws, "draw", "draws"),
                     count_of(s.first_losses, "loss", "losses"), count_of(total, "game", "games"),
                     100 * s.first_rate, 100 * s.first_low, 100 * s.first_high);
  return out;
}

// ---------------------------------------------------------------------- run

namespace {

std::string file_part(const std::string& spec) {
  std::string out;
  for (char ch : spec) {
    const bool keep = std::isalnum(static_cast<unsigned char>(ch)) || ch == '.';
    if (keep) out += ch;
    else if (!out.empty() && out.back() != '-') out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "agent" : out;
}

}  // namespace

std::filesystem::path scheduled_log_path(const TournamentSettings& s, const ScheduledGame& g) {
  return s.dir / "games" /
         fmt::format("g{:04}-{}-vs-{}-seed{}.ghlog", g.index + 1, file_part(s.agents[g.agent[0]]),
                     file_part(s.agents[g.agent[1]]), g.seed);
}

TournamentRun run_tournament(Plugin& plugin, const TournamentSettings& s) {
  if (plugin.players() != 2)
    throw HostError(fmt::format("tournaments are for two-player games; {} has {} players", plugin.id(), plugin.players()));
  if (s.agents.size() < 2) throw HostError("a tournament needs at least two agents (--agents A,B,...)");
  if (s.games_per_pairing < 1) throw HostError("--games must be at least 1");
  if (s.jobs < 1) throw HostError("--jobs must be at least 1");
  for (const auto& a : s.agents) {
    if (parse_agent_spec(a).kind == "human") throw HostError(fmt::format("agent '{}': a tournament cannot ask a human", a));
    make_agent(a, AgentContext{s.seed, 0, nullptr, nullptr});  // every error before the first game
  }
  const auto logs = s.dir / "games";
  std::error_code ec;
  if (!s.resume && !s.shard && std::filesystem::exists(logs) && !std::filesystem::is_empty(logs, ec))
    throw HostError(fmt::format("{} already holds games; choose another --out", logs.string()));
  std::filesystem::create_directories(logs, ec);
  if (ec) throw HostError(fmt::format("{}: cannot create: {}", logs.string(), ec.message()));

  TournamentRun run;
  run.schedule = round_robin(static_cast<int>(s.agents.size()), s.games_per_pairing, s.seed);
  run.range = shard_range(static_cast<int>(run.schedule.size()), s.shard.value_or(Shard{}));
  const int total = run.range.size();
  if (!s.resume && !s.shard) write_plan(plugin, s);  // what --resume needs
  if (!s.resume && s.shard) start_shard(plugin, s, run);  // the plan, checked when shards share DIR
  std::vector<std::optional<GameOutcome>> done =
      s.resume ? recover_games(plugin, s, run.schedule) : std::vector<std::optional<GameOutcome>>(run.schedule.size());
  std::vector<std::optional<GameFault>> faulted(run.schedule.size());
  std::atomic<int> next{run.range.first};
  std::atomic<bool> halt{false};
  std::mutex mu;
  std::condition_variable cv;
  int finished = static_cast<int>(std::count_if(done.begin(), done.end(), [](const auto& o) { return o.has_value(); }));
  int running = 0;
  std::string error;
  const auto start = std::chrono::steady_clock::now();

  // One game after another on its own clone of the plugin, until the
  // schedule is done or the tournament halts.
  auto play_games = [&](Plugin& game) {
    while (!halt.load()) {
      const int i = next.fetch_add(1);
      if (i >= run.range.last) break;
      if (done[static_cast<std::size_t>(i)]) continue;  // kept from the run that was killed
      const ScheduledGame& g = run.schedule[static_cast<std::size_t>(i)];
      PlaySettings ps;
      ps.options = s.options;
      ps.seed = g.seed;
      ps.chance_seed = chance_seed_of_game_seed(g.seed);  // reproducible tournaments
      ps.agents = {s.agents[g.agent[0]], s.agents[g.agent[1]]};
      ps.log_path = scheduled_log_path(s, g);
      ps.quiet = true;
      ps.stop = &halt;
      ps.max_plies = s.max_plies;
      const auto t0 = std::chrono::steady_clock::now();
      try {
        const PlayResult r = play_game(game, ps);
        if (r.fault) {  // recorded, and the tournament goes on
          GameFault f;
          f.index = i;
          f.agent[0] = g.agent[0], f.agent[1] = g.agent[1];
          f.seed = g.seed;
          f.plies = r.plies;
          f.fault = fault_text(*r.fault);
          if (r.fault->ply() > 0) f.log = ps.log_path.string();
          std::lock_guard lock(mu);
          faulted[static_cast<std::size_t>(i)] = f;
          ++finished;
          if (s.on_fault) s.on_fault(finished, total, f);
          continue;
        }
        if (!r.finished) {
          std::filesystem::remove(ps.log_path, ec);  // cut short: only finished games are kept
          continue;
        }
        GameOutcome o;
        o.index = i;
        o.agent[0] = g.agent[0], o.agent[1] = g.agent[1];
        o.seed = g.seed;
        for (int seat = 0; seat < 2; ++seat) {
          o.returns[seat] = seat < r.info.returns_size() ? r.info.returns(seat) : 0;
          o.scores[seat] = r.info.scores_size() == 2 ? static_cast<double>(r.info.scores(seat)) : o.returns[seat];
        }
        o.plies = r.plies;
        o.result = r.info.result();
        o.log = ps.log_path.string();
        o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::lock_guard lock(mu);
        done[static_cast<std::size_t>(i)] = o;
        ++finished;
        if (s.on_game) s.on_game(finished, total, o);
      } catch (const std::exception& e) {
        std::lock_guard lock(mu);
        if (error.empty()) error = fmt::format("game {} (seed {}): {}", i + 1, g.seed, e.what());
        halt = true;
      }
    }
  };

  // Thread 0 (this one) watches for a stop while the others play: polled,
  // since a signal handler cannot notify.
  const int jobs = std::min(s.jobs, total);
  running = jobs;
  run_on_threads(jobs + 1, [&](int thread) {
    if (thread == 0) {
      std::unique_lock lock(mu);
      while (running > 0) {
        cv.wait_for(lock, std::chrono::milliseconds(50));
        if (s.stop && s.stop->load()) halt = true;
      }
      return;
    }
    try {
      play_games(*plugin.clone());
    } catch (const std::exception& e) {  // the clone failed to start
      std::lock_guard lock(mu);
      if (error.empty()) error = e.what();
      halt = true;
    }
    std::lock_guard lock(mu);
    --running;
    cv.notify_all();
  });
  if (!error.empty()) throw HostError(error);
  for (auto& o : done)
    if (o) run.finished.push_back(std::move(*o));
  for (auto& f : faulted)
    if (f) run.faults.push_back(std::move(*f));
  run.interrupted = static_cast<int>(run.finished.size() + run.faults.size()) < total;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

// --------------------------------------------------------------------- JSON

namespace {

std::string to_json(const google::protobuf::Message& message) {
  std::string json;
  // Only text that is not UTF-8 fails, which agents' specs, results and
  // paths written by this program are not.
  if (!google::protobuf::util::MessageToJsonString(message, &json, json_print_options()).ok())
    throw HostError("cannot write a tournament's results as JSON");
  return json;  // ends with a line break
}

}  // namespace

TournamentGame tournament_game(const Plugin& plugin) {
  return {plugin.id(), plugin.info().version(), plugin.info().player_names(0)};
}

std::string standings_json(const TournamentGame& game, const TournamentSettings& settings, const TournamentRun& run,
                           const Standings& s) {
  pb::TournamentResults out;
  out.set_game(game.id);
  out.set_game_version(game.version);
  for (const auto& a : settings.agents) out.add_agents(a);
  out.set_games_per_pairing(settings.games_per_pairing);
  out.set_seed(settings.seed);
  out.set_games_planned(static_cast<int>(run.schedule.size()));
  out.set_games_finished(static_cast<int>(run.finished.size()));
  out.set_games_faulted(static_cast<int>(run.faults.size()));
  out.set_interrupted(run.interrupted);
  out.set_elo_method(
      "Bradley-Terry maximum likelihood on the Elo scale, draws as half points, mean 0, 95% interval = 1.96 standard "
      "errors from the inverse Fisher information");
  out.set_elo_prior_virtual_draws(s.elo.prior ? 1 : 0);
  for (const auto& r : s.rows) {
    auto& row = *out.add_table();
    row.set_agent(r.name);
    row.set_games(r.games), row.set_wins(r.wins), row.set_draws(r.draws), row.set_losses(r.losses);
    row.set_mean_score_for(r.score_for);
    row.set_mean_score_against(r.score_against);
    row.set_score_difference(r.score_for - r.score_against);
    row.set_elo(r.elo), row.set_elo_low(r.elo_low), row.set_elo_high(r.elo_high);
  }
  auto& first = *out.mutable_first_player();
  first.set_seat(game.first_seat);
  first.set_wins(s.first_wins), first.set_draws(s.first_draws), first.set_losses(s.first_losses);
  first.set_win_rate(s.first_rate), first.set_low(s.first_low), first.set_high(s.first_high);
  for (const auto& g : run.finished) {
    auto& entry = *out.add_games();
    entry.set_game(g.index + 1);
    entry.set_seed(g.seed);
    for (const int agent : g.agent) entry.add_players(settings.agents[static_cast<std::size_t>(agent)]);
    for (const double x : g.returns) entry.add_returns(x);
    for (const double x : g.scores) entry.add_scores(x);
    entry.set_plies(g.plies);
    entry.set_result(g.result);
    entry.set_log(g.log);
  }
  for (const auto& f : run.faults) {
    auto& entry = *out.add_faults();
    entry.set_game(f.index + 1);
    entry.set_seed(f.seed);
    for (const int agent : f.agent) entry.add_players(settings.agents[static_cast<std::size_t>(agent)]);
    entry.set_plies(f.plies);
    entry.set_fault(f.fault);
    entry.set_log(f.log);
  }
  return to_json(out);
}

std::string timing_json(const TournamentSettings& settings, const TournamentRun& run) {
  pb::TournamentTiming out;
  out.set_jobs(settings.jobs);
  out.set_seconds(run.seconds);
  for (const auto& g : run.finished) {
    auto& entry = *out.add_games();
    entry.set_game(g.index + 1);
    entry.set_seconds(g.seconds);
  }
  return to_json(out);
}

}  // namespace gamehost
