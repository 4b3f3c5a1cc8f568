#include "gamehost/records/json_codec.h"
#include "gamehost/play/tournament_shard.h"

#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <map>

#include "gamehost/text/input_checks.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/play/tournament_part.pb.h"
#include "gamehost/play/tournament_resume.h"

namespace gamehost {

namespace {

namespace fs = std::filesystem;
constexpr const char* kFormat = "gamehost tournament shard 1";

std::string options_text(const pb::TournamentPlan& plan) {
  std::string out;
  for (const auto& o : plan.options()) out += fmt::format("{}{}={}", out.empty() ? "" : ",", o.name(), o.value());
  return out.empty() ? "none" : out;
}

std::string agents_text(const pb::TournamentPlan& plan) {
  std::string out;
  for (const auto& a : plan.agents()) out += (out.empty() ? "" : " ") + a;
  return out;
}

// The first setting in which two plans differ ("seed 5, not 4"), or "" when
// they are the same tournament (jobs is how, not what: never compared).
std::string plan_difference(const pb::TournamentPlan& mine, const pb::TournamentPlan& other) {
  if (mine.game_id() != other.game_id()) return fmt::format("game {}, not {}", mine.game_id(), other.game_id());
  if (agents_text(mine) != agents_text(other))
    return fmt::format("agents {}, not {}", agents_text(mine), agents_text(other));
  if (mine.games_per_pairing() != other.games_per_pairing())
    return fmt::format("{} games per pairing, not {}", mine.games_per_pairing(), other.games_per_pairing());
  if (mine.seed() != other.seed()) return fmt::format("seed {}, not {}", mine.seed(), other.seed());
  if (options_text(mine) != options_text(other))
    return fmt::format("options {}, not {}", options_text(mine), options_text(other));
  return "";
}

std::string games_text(int first, int last) {
  return first == last ? fmt::format("game {}", first) : fmt::format("games {}-{}", first, last);
}

}  // namespace

fs::path part_path(const fs::path& dir, const Shard& shard) {
  return dir / fmt::format("results-{}-of-{}.json", shard.index, shard.count);
}

void start_shard(const Plugin& plugin, const TournamentSettings& s, const TournamentRun& run) {
  std::error_code ec;
  for (int i = run.range.first; i < run.range.last; ++i) {
    const auto log = scheduled_log_path(s, run.schedule[static_cast<std::size_t>(i)]);
    if (fs::exists(log, ec))
      throw HostError(fmt::format("{}: already played: shard {} was started in {} before; continue it with "
                                  "gamehost tournament --resume {} --shard {}",
                                  log.string(), shard_name(*s.shard), s.dir.string(), s.dir.string(),
                                  shard_name(*s.shard)));
  }
  if (fs::exists(plan_path(s.dir), ec)) {
    TournamentSettings theirs;
    const std::string game = read_plan(s.dir, theirs);
    const std::string diff = plan_difference(make_plan(plugin.id(), s), make_plan(game, theirs));
    if (!diff.empty())
      throw HostError(fmt::format("{}: {} holds another tournament (this shard has {}); choose another --out",
                                  plan_path(s.dir).string(), s.dir.string(), diff));
    return;
  }
  write_plan(plugin, s);
}

std::string part_json(const TournamentGame& game, const TournamentSettings& s, const TournamentRun& run) {
  pb::TournamentPart part;
  part.set_format(kFormat);
  *part.mutable_plan() = make_plan(game.id, s);
  part.set_game_version(game.version);
  part.set_first_seat(game.first_seat);
  part.set_max_plies(s.max_plies);
  part.set_shard(s.shard->index);
  part.set_shards(s.shard->count);
  part.set_games_planned(static_cast<int>(run.schedule.size()));
  part.set_first_game(run.range.first + 1);
  part.set_last_game(run.range.last);
  part.set_seconds(run.seconds);
  part.set_interrupted(run.interrupted);
  for (const auto& g : run.finished) {
    auto& out = *part.add_games();
    out.set_game(g.index + 1);
    out.set_seed(g.seed);
    for (int seat = 0; seat < 2; ++seat) {
      out.add_agents(g.agent[seat]);
      out.add_returns(g.returns[seat]);
      out.add_scores(g.scores[seat]);
    }
    out.set_plies(g.plies);
    out.set_seconds(g.seconds);
    out.set_result(g.result);
    out.set_log(g.log);
  }
  for (const auto& f : run.faults) {
    auto& out = *part.add_faults();
    out.set_game(f.index + 1);
    out.set_seed(f.seed);
    out.add_agents(f.agent[0]);
    out.add_agents(f.agent[1]);
    out.set_plies(f.plies);
    out.set_fault(f.fault);
    out.set_log(f.log);
  }
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(part, &json, json_print_options()).ok())
    throw HostError("cannot write a shard's results");  // only for invalid UTF-8, which agents' specs are not
  return json;
}

// ------------------------------------------------------------------- merge

namespace {

struct Part {
  fs::path file;
  pb::TournamentPart data;
  std::vector<ScheduledGame> schedule;
};

Part read_part(const fs::path& file) {
  Part p{file, {}, {}};
  const std::string text = read_regular_file(file);
  require_utf8(text, file.string());
  const auto status = google::protobuf::util::JsonStringToMessage(text, &p.data);
  const auto not_part = [&](const std::string& why) {
    return HostError(fmt::format("{}: not a tournament shard's results ({}; gamehost tournament --shard K/N writes "
                                 "DIR/results-K-of-N.json)", file.string(), why));
  };
  if (!status.ok()) throw not_part(clipped_words(std::string(status.message())));
  if (p.data.format() != kFormat) throw not_part(fmt::format("format '{}'", p.data.format()));
  const auto& d = p.data;
  if (d.shards() < 1 || d.shard() < 1 || d.shard() > d.shards())
    throw HostError(fmt::format("{}: shard {}/{} does not exist", file.string(), d.shard(), d.shards()));
  if (d.plan().agents_size() < 2 || d.plan().games_per_pairing() < 1)
    throw HostError(fmt::format("{}: a tournament needs two agents and a game per pairing", file.string()));
  p.schedule = round_robin(d.plan().agents_size(), d.plan().games_per_pairing(), d.plan().seed());
  const int total = static_cast<int>(p.schedule.size());
  const ShardRange r = shard_range(total, Shard{d.shard(), d.shards()});
  if (d.games_planned() != total || d.first_game() != r.first + 1 || d.last_game() != r.last)
    throw HostError(fmt::format("{}: shard {}/{} of {} games is games {}-{}, not {}-{} of {}", file.string(),
                                d.shard(), d.shards(), total, r.first + 1, r.last, d.first_game(), d.last_game(),
                                d.games_planned()));
  if (d.interrupted() || d.games_size() + d.faults_size() != r.size())
    throw HostError(fmt::format("{}: shard {}/{} was interrupted ({} of its {} games played); finish it with "
                                "gamehost tournament --resume {} --shard {}/{}",
                                file.string(), d.shard(), d.shards(), d.games_size() + d.faults_size(), r.size(),
                                file.has_parent_path() ? file.parent_path().string() : ".", d.shard(), d.shards()));
  return p;
}

// A game of the file must be the one its slice schedules: that number, that
// seed, those agents in those seats, given once.
void check_game(const Part& p, int number, std::uint64_t seed, const google::protobuf::RepeatedField<int>& agents,
                std::vector<bool>& seen) {
  const auto& d = p.data;
  if (number < d.first_game() || number > d.last_game())
    throw HostError(fmt::format("{}: game {} is not in shard {}/{} (games {}-{})", p.file.string(), number, d.shard(),
                                d.shards(), d.first_game(), d.last_game()));
  const ScheduledGame& g = p.schedule[static_cast<std::size_t>(number - 1)];
  if (seen[static_cast<std::size_t>(number - 1)])
    throw HostError(fmt::format("{}: game {} is listed twice", p.file.string(), number));
  seen[static_cast<std::size_t>(number - 1)] = true;
  if (seed != g.seed || agents.size() != 2 || agents[0] != g.agent[0] || agents[1] != g.agent[1])
    throw HostError(fmt::format("{}: game {} is not the game the schedule plays (seed {}, agents {} and {})",
                                p.file.string(), number, g.seed, g.agent[0], g.agent[1]));
}

void add_games(const Part& p, std::vector<bool>& seen, TournamentRun& run) {
  for (const auto& g : p.data.games()) {
    check_game(p, g.game(), g.seed(), g.agents(), seen);
    if (g.returns_size() != 2 || g.scores_size() != 2)
      throw HostError(fmt::format("{}: game {}: two returns and two scores expected", p.file.string(), g.game()));
    GameOutcome o;
    o.index = g.game() - 1;
    o.seed = g.seed();
    for (int seat = 0; seat < 2; ++seat) {
      o.agent[seat] = g.agents(seat);
      o.returns[seat] = g.returns(seat);
      o.scores[seat] = g.scores(seat);
    }
    o.plies = g.plies();
    o.seconds = g.seconds();
    o.result = g.result();
    o.log = g.log();
    run.finished.push_back(std::move(o));
  }
  for (const auto& f : p.data.faults()) {
    check_game(p, f.game(), f.seed(), f.agents(), seen);
    GameFault o;
    o.index = f.game() - 1;
    o.seed = f.seed();
    o.agent[0] = f.agents(0), o.agent[1] = f.agents(1);
    o.plies = f.plies();
    o.fault = f.fault();
    o.log = f.log();
    run.faults.push_back(std::move(o));
  }
}

// Same tournament as the first file: plan, game version, --max-plies.
void check_same_tournament(const Part& first, const Part& p) {
  std::string diff = plan_difference(p.data.plan(), first.data.plan());
  if (diff.empty() && p.data.game_version() != first.data.game_version())
    diff = fmt::format("game version {}, not {}", p.data.game_version(), first.data.game_version());
  if (diff.empty() && p.data.max_plies() != first.data.max_plies())
    diff = fmt::format("--max-plies {}, not {}", p.data.max_plies(), first.data.max_plies());
  if (!diff.empty())
    throw HostError(fmt::format("{}: a shard of another tournament than {} ({})", p.file.string(),
                                first.file.string(), diff));
}

// Every game in exactly one file: overlaps name both files, gaps the
// shards (of the first file's N) that would fill them.
void check_coverage(std::vector<const Part*> parts, int total) {
  std::map<std::pair<int, int>, const Part*> by_shard;
  for (const Part* p : parts) {
    const auto [it, fresh] = by_shard.emplace(std::pair{p->data.shard(), p->data.shards()}, p);
    if (!fresh)
      throw HostError(fmt::format("{}: shard {}/{} is given twice (also {})", p->file.string(), p->data.shard(),
                                  p->data.shards(), it->second->file.string()));
  }
  std::stable_sort(parts.begin(), parts.end(), [](const Part* a, const Part* b) {
    return a->data.first_game() < b->data.first_game();
  });
  const int n = parts.front()->data.shards();
  const auto missing = [&](int from, int to) {
    std::string shards;
    for (int k = 1; k <= n; ++k) {
      const ShardRange r = shard_range(total, Shard{k, n});
      if (r.first + 1 <= to && r.last >= from) shards += fmt::format("{}{}/{}", shards.empty() ? "" : ", ", k, n);
    }
    return HostError(fmt::format("{} of {} are in none of the files given (missing: the results of shard {})",
                                 games_text(from, to), total, shards));
  };
  int next = 1;  // the first game no file has covered yet
  const Part* previous = nullptr;
  for (const Part* p : parts) {
    if (p->data.first_game() > p->data.last_game()) continue;  // a shard with no games (more shards than games)
    if (p->data.first_game() > next) throw missing(next, p->data.first_game() - 1);
    if (p->data.first_game() < next)
      throw HostError(fmt::format("{}: shard {}/{} overlaps {} ({} are in both)", p->file.string(), p->data.shard(),
                                  p->data.shards(), previous->file.string(),
                                  games_text(p->data.first_game(), std::min(next - 1, p->data.last_game()))));
    next = p->data.last_game() + 1;
    previous = p;
  }
  if (next <= total) throw missing(next, total);
}

}  // namespace

MergedTournament merge_parts(const std::vector<fs::path>& files) {
  if (files.empty()) throw HostError("merge: give the shards' results files (DIR/results-K-of-N.json)");
  std::vector<Part> parts;
  for (const auto& f : files) parts.push_back(read_part(f));
  const Part& first = parts.front();
  for (const auto& p : parts) check_same_tournament(first, p);
  const int total = first.data.games_planned();
  std::vector<const Part*> order;
  for (const auto& p : parts) order.push_back(&p);
  check_coverage(order, total);

  MergedTournament m;
  const auto& plan = first.data.plan();
  m.game = {plan.game_id(), first.data.game_version(), first.data.first_seat()};
  m.settings.agents.assign(plan.agents().begin(), plan.agents().end());
  m.settings.games_per_pairing = plan.games_per_pairing();
  m.settings.seed = plan.seed();
  m.settings.options.assign(plan.options().begin(), plan.options().end());
  m.settings.max_plies = first.data.max_plies();
  m.settings.jobs = 1;
  m.run.schedule = first.schedule;
  m.run.range = {0, total};
  std::vector<bool> seen(static_cast<std::size_t>(total));
  for (const auto& p : parts) {
    m.settings.jobs = std::max(m.settings.jobs, p.data.plan().jobs());
    m.run.seconds = std::max(m.run.seconds, p.data.seconds());
    add_games(p, seen, m.run);
  }
  const auto by_index = [](const auto& a, const auto& b) { return a.index < b.index; };
  std::sort(m.run.finished.begin(), m.run.finished.end(), by_index);
  std::sort(m.run.faults.begin(), m.run.faults.end(), by_index);
  return m;
}

}  // namespace gamehost
