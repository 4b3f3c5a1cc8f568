#include "gamehost/base/plural.h"
#include "gamehost/play/tournament.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cctype>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "gamehost/play/agents/spec.h"
#include "gamehost/secrets/chance_secret.h"
#include "gamehost/play/faults.h"
#include "gamehost/play/play.h"
#include "gamehost/play/tournament_resume.h"
#include "gamehost/play/tournament_shard.h"

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

  auto worker = [&](std::unique_ptr<Plugin> game) {
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
        const PlayResult r = play_game(*game, ps);
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
    std::lock_guard lock(mu);
    --running;
    cv.notify_all();
  };

  const int jobs = std::min(s.jobs, total);
  std::vector<std::thread> pool;
  {
    std::lock_guard lock(mu);
    running = jobs;
  }
  for (int j = 0; j < jobs; ++j) pool.emplace_back(worker, plugin.clone());
  {
    std::unique_lock lock(mu);
    while (running > 0) {
      cv.wait_for(lock, std::chrono::milliseconds(50));
      if (s.stop && s.stop->load()) halt = true;  // polled: a signal handler cannot notify
    }
  }
  for (auto& t : pool) t.join();
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

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20) out += fmt::format("\\u{:04x}", static_cast<int>(ch));
        else out += ch;
    }
  }
  return out + "\"";
}

std::string num(double x) { return std::isfinite(x) ? fmt::format("{}", x) : "null"; }

}  // namespace

TournamentGame tournament_game(const Plugin& plugin) {
  return {plugin.id(), plugin.info().version(), plugin.info().player_names(0)};
}

std::string standings_json(const TournamentGame& game, const TournamentSettings& settings, const TournamentRun& run,
                           const Standings& s) {
  std::string o = "{\n";
  o += fmt::format("  \"game\": {},\n  \"game_version\": {},\n", quoted(game.id), quoted(game.version));
  o += "  \"agents\": [";
  for (std::size_t i = 0; i < settings.agents.size(); ++i) o += (i ? ", " : "") + quoted(settings.agents[i]);
  o += "],\n";
  o += fmt::format("  \"games_per_pairing\": {},\n  \"seed\": {},\n", settings.games_per_pairing, settings.seed);
  o += fmt::format("  \"games_planned\": {},\n  \"games_finished\": {},\n  \"games_faulted\": {},\n  \"interrupted\": {},\n",
                   run.schedule.size(), run.finished.size(), run.faults.size(), run.interrupted ? "true" : "false");
  o += fmt::format("  \"elo_method\": {},\n  \"elo_prior_virtual_draws\": {},\n",
                   quoted("Bradley-Terry maximum likelihood on the Elo scale, draws as half points, mean 0, "
                          "95% interval = 1.96 standard errors from the inverse Fisher information"),
                   s.elo.prior ? 1 : 0);
  o += "  \"table\": [\n";
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    const auto& r = s.rows[i];
    o += fmt::format(
        "    {{\"agent\": {}, \"games\": {}, \"wins\": {}, \"draws\": {}, \"losses\": {}, \"mean_score_for\": {}, "
        "\"mean_score_against\": {}, \"score_difference\": {}, \"elo\": {}, \"elo_low\": {}, \"elo_high\": {}}}{}\n",
        quoted(r.name), r.games, r.wins, r.draws, r.losses, num(r.score_for), num(r.score_against),
        num(r.score_for - r.score_against), num(r.elo), num(r.elo_low), num(r.elo_high), i + 1 < s.rows.size() ? "," : "");
  }
  o += "  ],\n";
  o += fmt::format(
      "  \"first_player\": {{\"seat\": {}, \"wins\": {}, \"draws\": {}, \"losses\": {}, \"win_rate\": {}, "
      "\"low\": {}, \"high\": {}}},\n",
      quoted(game.first_seat), s.first_wins, s.first_draws, s.first_losses, num(s.first_rate),
      num(s.first_low), num(s.first_high));
  o += "  \"games\": [\n";
  for (std::size_t i = 0; i < run.finished.size(); ++i) {
    const auto& g = run.finished[i];
    o += fmt::format(
        "    {{\"game\": {}, \"seed\": {}, \"players\": [{}, {}], \"returns\": [{}, {}], \"scores\": [{}, {}], "
        "\"plies\": {}, \"result\": {}, \"log\": {}}}{}\n",
        g.index + 1, g.seed, quoted(settings.agents[g.agent[0]]), quoted(settings.agents[g.agent[1]]),
        num(g.returns[0]), num(g.returns[1]), num(g.scores[0]), num(g.scores[1]), g.plies,
        quoted(g.result), quoted(g.log), i + 1 < run.finished.size() ? "," : "");
  }
  o += "  ],\n  \"faults\": [\n";
  for (std::size_t i = 0; i < run.faults.size(); ++i) {
    const auto& f = run.faults[i];
    o += fmt::format("    {{\"game\": {}, \"seed\": {}, \"players\": [{}, {}], \"plies\": {}, \"fault\": {}, \"log\": {}}}{}\n",
                     f.index + 1, f.seed, quoted(settings.agents[f.agent[0]]), quoted(settings.agents[f.agent[1]]),
                     f.plies, quoted(f.fault), f.log.empty() ? "null" : quoted(f.log),
                     i + 1 < run.faults.size() ? "," : "");
  }
  o += "  ]\n}\n";
  return o;
}

std::string timing_json(const TournamentSettings& settings, const TournamentRun& run) {
  std::string o = fmt::format("{{\n  \"jobs\": {},\n  \"seconds\": {},\n  \"games\": [\n", settings.jobs, num(run.seconds));
  for (std::size_t i = 0; i < run.finished.size(); ++i)
    o += fmt::format("    {{\"game\": {}, \"seconds\": {}}}{}\n", run.finished[i].index + 1, num(run.finished[i].seconds),
                     i + 1 < run.finished.size() ? "," : "");
  return o + "  ]\n}\n";
}

}  // namespace gamehost
