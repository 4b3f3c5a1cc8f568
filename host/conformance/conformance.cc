// The conformance test's game loop: seeded random games to the end, every
// position checked through four instances of the plugin (the main one, a
// stepper that plays the same moves with Step, a fresh one that only reads
// the bytes back, and an isolated one that is handed mangled bytes).
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "checker.h"
#include "gamehost/base/random.h"
#include "scene.pb.h"

namespace gamehost::conformance {
namespace {

namespace pb = gamehost::v1;

bool offers(const pb::GameInfo& info, pb::Method method) {
  return std::find(info.optional_methods().begin(), info.optional_methods().end(), method) !=
         info.optional_methods().end();
}

pb::QueryFlags all_flags() {
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  flags.set_legal_details(true);
  flags.set_text(true);
  flags.set_scores(true);
  return flags;
}

// The status fields Step answers, from a StateInfo with everything.
pb::StateInfo step_fields(pb::StateInfo info) {
  info.clear_legal();
  info.clear_text();
  info.clear_board();
  return info;
}

// Copies of `good` cut, grown, with a byte flipped and replaced by noise,
// each with how it was made.
std::vector<std::pair<std::string, std::string>> mangled_copies(const std::string& good, SplitMix& rng) {
  std::vector<std::pair<std::string, std::string>> mangled = {
      {"empty", ""}, {"cut in half", good.substr(0, good.size() / 2)}, {"one byte grown", good + '\x01'}};
  if (good.empty()) return mangled;
  mangled.push_back({"last byte cut", good.substr(0, good.size() - 1)});
  for (std::size_t at : {std::size_t{0}, good.size() / 2, good.size() - 1}) {
    std::string flipped = good;
    flipped[at] = static_cast<char>(flipped[at] ^ 0xff);
    mangled.push_back({fmt::format("byte {} flipped", at), flipped});
  }
  std::string noise(good.size(), '\0');
  for (char& c : noise) c = static_cast<char>(rng.below(256));
  mangled.push_back({"random bytes", noise});
  return mangled;
}

class Checker {
 public:
  Checker(const std::filesystem::path& path, const Settings& settings, const LoadOptions& load)
      : settings_(settings),
        main_(Plugin::load(path, load)),
        stepper_(main_->clone()),
        fresh_(main_->clone()),
        isolated_(load.isolate ? main_->clone() : Plugin::load(path, LoadOptions{true, load.limits})),
        game_(main_->info()) {
    report_.game = game_.id() + " " + game_.version();
    report_.path = path;
    report_.seed = settings.seed;
    report_.checks = fresh_checks();
  }

  Report run() {
    check_describe();
    check_first_step();
    for (int g = 0; g < settings_.games; ++g) {
      try {
        play(g);
      } catch (const std::exception& e) {  // a check's own call that failed outside ask()
        fail(kLegal, std::string("stopped: ") + e.what());
      }
      ++report_.games;
    }
    skip_unused();
    return std::move(report_);
  }

 private:
  void pass(CheckId id, long n = 1) { report_.checks[id].passed += n; }
  void fail(CheckId id, const std::string& what) {
    auto& c = report_.checks[id];
    ++c.failed;
    if (static_cast<int>(c.failures.size()) < settings_.failures_kept) c.failures.push_back(where_ + what);
  }
  // Passes `id` when `problem` is empty, else fails it; returns whether it held.
  bool expect(CheckId id, const std::string& problem) {
    if (problem.empty()) pass(id);
    else fail(id, problem);
    return problem.empty();
  }

  void check_describe();
  void check_first_step();
  void play(int g);
  void start_options(int g, pb::NewGameRequest& request) const;
  void check_position(const std::string& state, const pb::StateInfo& info, std::optional<std::uint32_t> last);
  void check_refusals(const std::string& state, const pb::StateInfo& info);
  void check_move(const std::string& state, const pb::StateInfo& info, std::uint32_t id,
                  const pb::ApplyResponse& applied);
  void check_notation(const std::string& state, const pb::StateInfo& info);
  std::vector<pb::ObserveResponse> check_observe(const std::string& state, const pb::StateInfo& info);
  void check_hidden(const std::string& state, const std::vector<pb::ObserveResponse>& views);
  void check_scene(const std::string& state, const pb::StateInfo& info, std::optional<std::uint32_t> last);
  void check_bad_bytes(const std::vector<std::string>& states, const std::vector<std::uint32_t>& first_legal);
  void skip_unused();

  Settings settings_;
  std::unique_ptr<Plugin> main_, stepper_, fresh_, isolated_;
  pb::GameInfo game_;
  Report report_;
  std::string where_;  // "game G (seed S), ply P: "
  std::uint64_t seed_ = 0;
  int samples_differing_ = 0;
};

void Checker::check_describe() {
  std::string problem;
  if (game_.id().empty() || game_.id().find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos)
    problem = "GameInfo.id '" + game_.id() + "' is not lower-case letters, digits and '_'";
  else if (game_.name().empty())
    problem = "GameInfo.name is empty";
  else if (game_.player_names_size() == 0)
    problem = "GameInfo names no seat";
  else if (game_.action_id_bound() == 0)
    problem = "GameInfo.action_id_bound is 0";
  where_ = "Describe: ";
  expect(kDescribe, problem);
}

// An instance that has answered no Step has no state to step from.
void Checker::check_first_step() {
  if (!offers(game_, pb::METHOD_STEP)) return;
  where_ = "Step before any Step: ";
  pb::StepRequest step;
  pb::StepResponse ignored;
  const Answer a = ask(*isolated_, pb::METHOD_STEP, step, ignored);
  expect(kRefusals, a.status == pb::BAD_STATE && !a.fault
                        ? ""
                        : "an empty state: " + (a.ok() ? std::string("accepted") : a.text()) + ", not BAD_STATE");
}

// Game 0 starts with the defaults; game g with the g-th choice of every
// CHOICE option and BOOL options alternating, so the options are played too.
void Checker::start_options(int g, pb::NewGameRequest& request) const {
  if (g == 0) return;
  for (const auto& spec : game_.options()) {
    std::string value;
    if (spec.type() == pb::OptionSpec::CHOICE && spec.choices_size() > 0)
      value = spec.choices(g % spec.choices_size());
    else if (spec.type() == pb::OptionSpec::BOOL)
      value = g % 2 ? "true" : "false";
    if (value.empty()) continue;
    auto* option = request.add_options();
    option->set_name(spec.name());
    option->set_value(value);
  }
}

void Checker::play(int g) {
  seed_ = settings_.seed + static_cast<std::uint64_t>(g);
  SplitMix rng(seed_ * 0x9E3779B97F4A7C15ull + 1);
  where_ = fmt::format("game {} (seed {}), NewGame: ", g + 1, seed_);
  pb::NewGameRequest request;
  request.set_seed(seed_);
  *request.mutable_flags() = all_flags();
  start_options(g, request);
  pb::NewGameResponse started;
  if (const Answer a = ask(*main_, pb::METHOD_NEW_GAME, request, started); !a.ok()) {
    fail(kLegal, a.text());
    return;
  }
  std::string state = started.state();
  pb::StateInfo info = started.info();
  std::optional<std::uint32_t> last;
  std::vector<std::string> states;
  std::vector<std::uint32_t> first_legal;  // per state: an action to try on its mangled bytes
  const std::uint32_t max_plies = main_->max_plies();
  for (std::uint32_t ply = 0;; ++ply) {
    where_ = fmt::format("game {} (seed {}), ply {}: ", g + 1, seed_, ply);
    states.push_back(state);
    first_legal.push_back(info.legal_ids_size() > 0 ? info.legal_ids(0) : 0);
    check_position(state, info, last);
    if (info.terminal() || info.legal_ids_size() == 0) {
      report_.plies += ply;
      break;
    }
    if (ply == max_plies) {
      fail(kLegal, fmt::format("not over after max_plies = {} plies", max_plies));
      report_.plies += ply;
      break;
    }
    check_refusals(state, info);
    // Chance by its stated probabilities (uniformly when they are broken,
    // which the legal sets check has reported), a seat uniformly.
    const bool by_chance = info.to_move() == -1 && info.chance_probabilities_size() == info.legal_ids_size();
    const std::uint32_t id = by_chance ? draw_chance(info, rng.unit())
                                       : info.legal_ids(static_cast<int>(rng.below(info.legal_ids_size())));
    pb::ApplyRequest apply;
    apply.set_state(state);
    apply.set_action_id(id);
    *apply.mutable_flags() = all_flags();
    apply.set_describe_action(true);
    pb::ApplyResponse applied;
    if (const Answer a = ask(*main_, pb::METHOD_APPLY, apply, applied); !a.ok()) {
      fail(kLegal, fmt::format("Apply of legal action {}: {}", id, a.text()));
      report_.plies += ply;
      break;
    }
    check_move(state, info, id, applied);
    state = applied.state();
    info = applied.info();
    last = id;
  }
  // A finished game takes no move.
  if (info.terminal()) {
    pb::ApplyRequest after;
    after.set_state(state);
    pb::ApplyResponse ignored;
    const Answer a = ask(*main_, pb::METHOD_APPLY, after, ignored);
    expect(kRefusals, a.status == pb::ILLEGAL_ACTION && !a.fault
                          ? ""
                          : "Apply after the end: " + (a.ok() ? std::string("accepted") : a.text()) +
                                ", not ILLEGAL_ACTION");
  }
  check_bad_bytes(states, first_legal);
}

void Checker::check_position(const std::string& state, const pb::StateInfo& info, std::optional<std::uint32_t> last) {
  std::string problems;
  for (const auto& p : state_info_problems(game_, info)) problems += (problems.empty() ? "" : "; ") + p;
  expect(kLegal, problems);
  // The bytes read back by an instance that never saw them.
  pb::QueryRequest query;
  query.set_state(state);
  *query.mutable_flags() = all_flags();
  pb::QueryResponse read;
  if (const Answer a = ask(*fresh_, pb::METHOD_QUERY, query, read); !a.ok())
    fail(kRoundTrip, "Query of the returned state bytes: " + a.text());
  else
    expect(kRoundTrip, differences(info, read.info()).empty()
                           ? ""
                           : "Query of the returned bytes differs from Apply's answer: " + differences(info, read.info()));
  check_notation(state, info);
  const auto views = check_observe(state, info);
  if (game_.has_hidden_information() && offers(game_, pb::METHOD_SAMPLE_HIDDEN)) check_hidden(state, views);
  if (offers(game_, pb::METHOD_RENDER_SCENE)) check_scene(state, info, last);
}

void Checker::check_refusals(const std::string& state, const pb::StateInfo& info) {
  // The smallest id that is not legal, and the bound itself.
  const std::set<std::uint32_t> legal(info.legal_ids().begin(), info.legal_ids().end());
  std::uint32_t illegal = 0;
  while (legal.count(illegal)) ++illegal;
  for (std::uint32_t id : {illegal, game_.action_id_bound()}) {
    if (id > game_.action_id_bound()) continue;
    pb::ApplyRequest apply;
    apply.set_state(state);
    apply.set_action_id(id);
    pb::ApplyResponse ignored;
    const Answer a = ask(*main_, pb::METHOD_APPLY, apply, ignored);
    expect(kRefusals, a.status == pb::ILLEGAL_ACTION && !a.fault
                          ? ""
                          : fmt::format("Apply of id {}, not legal: {}, not ILLEGAL_ACTION", id,
                                        a.ok() ? "accepted" : a.text()));
  }
  // Text a person might type (valid UTF-8: the interface's strings are).
  for (const char* nonsense : {"", "zz99 not a move at all", "\u00e9 ?"}) {
    pb::ParseActionRequest parse;
    parse.set_state(state);
    parse.set_text(nonsense);
    pb::ParseActionResponse parsed;
    const Answer a = ask(*main_, pb::METHOD_PARSE_ACTION, parse, parsed);
    const bool refused = !a.fault && (a.status == pb::INVALID_ARGUMENT || a.status == pb::ILLEGAL_ACTION);
    expect(kRefusals, refused || a.ok() ? ""
                                        : fmt::format("ParseAction of '{}': {}, not INVALID_ARGUMENT or ILLEGAL_ACTION",
                                                      nonsense, a.text()));
  }
  pb::ObserveRequest observe;
  observe.set_state(state);
  observe.set_player(game_.player_names_size());
  pb::ObserveResponse ignored;
  const Answer a = ask(*main_, pb::METHOD_OBSERVE, observe, ignored);
  expect(kRefusals, a.status == pb::INVALID_ARGUMENT && !a.fault
                        ? ""
                        : fmt::format("Observe of seat {}, not a seat: {}, not INVALID_ARGUMENT",
                                      game_.player_names_size(), a.ok() ? "accepted" : a.text()));
}

void Checker::check_move(const std::string& state, const pb::StateInfo& info, std::uint32_t id,
                         const pb::ApplyResponse& applied) {
  // The notation Apply gives is the legal action's.
  for (const auto& action : info.legal())
    if (action.id() == id && action.notation() != applied.action().notation())
      fail(kNotation, fmt::format("Apply of {} describes it '{}', the legal set '{}'", id, applied.action().notation(),
                                  action.notation()));
  // Step on its own instance, which follows the game, so that it mostly
  // plays from the state its last Step returned.
  pb::StepResponse stepped;
  try {
    stepper_->step(state, id, stepped, true, true);
  } catch (const HostError& e) {
    fail(kApplyStep, fmt::format("Step of {}: {}", id, e.what()));
    return;
  }
  std::string problem;
  if (stepped.state() != applied.state()) problem = "Step's state bytes differ from Apply's";
  else if (stepped.notation() != applied.action().notation())
    problem = fmt::format("Step writes the action '{}', Apply '{}'", stepped.notation(), applied.action().notation());
  pb::StateInfo step_info;
  take_step_info(stepped, step_info);
  if (problem.empty()) {
    const std::string diff = differences(step_fields(applied.info()), step_info);
    if (!diff.empty()) problem = "Step's status differs from Apply's: " + diff;
  }
  expect(kApplyStep, problem);
}

void Checker::check_notation(const std::string& state, const pb::StateInfo& info) {
  for (const auto& action : info.legal()) {
    pb::ParseActionRequest parse;
    parse.set_state(state);
    parse.set_text(action.notation());
    pb::ParseActionResponse parsed;
    const Answer a = ask(*main_, pb::METHOD_PARSE_ACTION, parse, parsed);
    if (!a.ok())
      fail(kNotation, fmt::format("ParseAction of '{}' (action {}): {}", action.notation(), action.id(), a.text()));
    else
      expect(kNotation, parsed.action().id() == action.id() && parsed.action().notation() == action.notation()
                            ? ""
                            : fmt::format("ParseAction of '{}' gives {} '{}', not action {}", action.notation(),
                                          parsed.action().id(), parsed.action().notation(), action.id()));
  }
}

std::vector<pb::ObserveResponse> Checker::check_observe(const std::string& state, const pb::StateInfo& info) {
  std::vector<pb::ObserveResponse> views(game_.player_names_size());
  for (int seat = 0; seat < game_.player_names_size(); ++seat) {
    pb::ObserveRequest observe;
    observe.set_state(state);
    observe.set_player(seat);
    if (const Answer a = ask(*main_, pb::METHOD_OBSERVE, observe, views[seat]); !a.ok())
      fail(kObserve, fmt::format("Observe of seat {}: {}", seat, a.text()));
    else if (!game_.has_hidden_information() && views[seat].text() != info.text())
      fail(kObserve, fmt::format("Observe of seat {} is not the full text in a game of perfect information", seat));
    else
      pass(kObserve);
  }
  return views;
}

// For each seat, a state the seat cannot tell from this one, drawn by the
// plugin: everything the seat is shown must be the same in both.
void Checker::check_hidden(const std::string& state, const std::vector<pb::ObserveResponse>& views) {
  for (int seat = 0; seat < game_.player_names_size(); ++seat) {
    pb::SampleHiddenRequest sample_request;
    sample_request.set_state(state);
    sample_request.set_seat(seat);
    sample_request.set_seed(seed_ * 1000003 + report_.checks[kHidden].passed);
    pb::SampleHiddenResponse sample;
    if (const Answer a = ask(*main_, pb::METHOD_SAMPLE_HIDDEN, sample_request, sample); !a.ok()) {
      fail(kHidden, fmt::format("SampleHidden for seat {}: {}", seat, a.text()));
      continue;
    }
    if (sample.state() != state) ++samples_differing_;
    pb::ObserveRequest observe;
    observe.set_state(sample.state());
    observe.set_player(seat);
    pb::ObserveResponse seen;
    if (const Answer a = ask(*main_, pb::METHOD_OBSERVE, observe, seen); !a.ok()) {
      fail(kHidden, fmt::format("Observe of the sample for seat {}: {}", seat, a.text()));
      continue;
    }
    std::string problem = differences(views[seat], seen);
    if (!problem.empty()) problem = fmt::format("seat {} observes the sample differently: {}", seat, problem);
    if (problem.empty() && offers(game_, pb::METHOD_OBSERVATION_TENSOR)) {
      pb::ObservationTensorRequest tensor_request;
      tensor_request.set_player(seat);
      pb::ObservationTensorResponse truth, sampled;
      tensor_request.set_state(state);
      const Answer a = ask(*main_, pb::METHOD_OBSERVATION_TENSOR, tensor_request, truth);
      tensor_request.set_state(sample.state());
      const Answer b = ask(*main_, pb::METHOD_OBSERVATION_TENSOR, tensor_request, sampled);
      if (!a.ok() || !b.ok()) problem = "ObservationTensor: " + (a.ok() ? b : a).text();
      else if (!differences(truth, sampled).empty())
        problem = fmt::format("seat {}'s observation tensor differs for the sample", seat);
    }
    if (problem.empty() && offers(game_, pb::METHOD_RENDER_SCENE)) {
      pb::RenderSceneRequest render;
      render.mutable_view()->set_seat(seat);
      pb::RenderSceneResponse truth, sampled;
      render.set_state(state);
      const Answer a = ask(*main_, pb::METHOD_RENDER_SCENE, render, truth);
      render.set_state(sample.state());
      const Answer b = ask(*main_, pb::METHOD_RENDER_SCENE, render, sampled);
      if (!a.ok() || !b.ok()) problem = "RenderScene for a seat: " + (a.ok() ? b : a).text();
      else if (const std::string diff = differences(truth, sampled); !diff.empty())
        problem = fmt::format("seat {}'s scene differs for the sample: {}", seat, diff);
    }
    expect(kHidden, problem);
  }
}

void Checker::check_scene(const std::string& state, const pb::StateInfo& info, std::optional<std::uint32_t> last) {
  pb::RenderSceneRequest render;
  render.set_state(state);
  if (last) render.mutable_view()->set_last_action_id(*last);
  render.mutable_view()->set_hit_actions(true);
  pb::RenderSceneResponse drawn;
  if (const Answer a = ask(*main_, pb::METHOD_RENDER_SCENE, render, drawn); !a.ok()) {
    fail(kScene, "RenderScene: " + a.text());
    return;
  }
  const auto& scene = drawn.scene();
  std::string problem;
  if (!(scene.bounds().width() > 0 && scene.bounds().height() > 0))
    problem = fmt::format("the scene's bounds are {} x {}", scene.bounds().width(), scene.bounds().height());
  const std::set<std::uint32_t> legal(info.legal_ids().begin(), info.legal_ids().end());
  std::set<std::uint32_t> clickable;
  for (const auto& hit : scene.hits()) {
    for (int i = 0; i < hit.actions_size() && problem.empty(); ++i) {
      const std::uint32_t id = hit.actions(i);
      if (!legal.count(id)) problem = fmt::format("a click area offers action {}, which is not legal", id);
      else if (!clickable.insert(id).second) problem = fmt::format("action {} is in two click areas", id);
      else if (i > 0 && id <= hit.actions(i - 1)) problem = "a click area's actions are not increasing";
    }
    if (problem.empty() && hit.action_labels_size() != 0 && hit.action_labels_size() != hit.actions_size())
      problem = fmt::format("a click area has {} labels for {} actions", hit.action_labels_size(), hit.actions_size());
  }
  expect(kScene, problem);
}

// Mangled copies of a few states of the game, handed to the isolated
// instance: each must be refused BAD_STATE or read as a state whose answers
// keep the contract; a fault (crash, hang, INTERNAL) fails.
void Checker::check_bad_bytes(const std::vector<std::string>& states, const std::vector<std::uint32_t>& first_legal) {
  constexpr std::size_t kStatesPerGame = 6;
  const std::size_t step = std::max<std::size_t>(1, states.size() / kStatesPerGame);
  SplitMix rng(seed_ + 17);
  for (std::size_t i = 0; i < states.size(); i += step) {
    for (const auto& [how, bytes] : mangled_copies(states[i], rng)) {
      where_ = fmt::format("game {} (seed {}), state of ply {}, {}: ", report_.games + 1, seed_, i, how);
      pb::QueryRequest query;
      query.set_state(bytes);
      query.mutable_flags()->set_legal_ids(true);
      pb::QueryResponse read;
      const Answer q = ask(*isolated_, pb::METHOD_QUERY, query, read);
      std::string problem;
      if (q.ok()) {
        for (const auto& p : state_info_problems(game_, read.info())) problem += (problem.empty() ? "read as a state, but " : "; ") + p;
      } else if (q.fault || q.status != pb::BAD_STATE) {
        problem = "Query: " + q.text() + ", not BAD_STATE";
      }
      pb::ApplyRequest apply;
      apply.set_state(bytes);
      apply.set_action_id(first_legal[i]);
      pb::ApplyResponse applied;
      const Answer a = ask(*isolated_, pb::METHOD_APPLY, apply, applied);
      if (problem.empty() && (a.fault || (!a.ok() && a.status != pb::BAD_STATE && a.status != pb::ILLEGAL_ACTION)))
        problem = "Apply: " + a.text() + ", not BAD_STATE";
      pb::ObserveRequest observe;
      observe.set_state(bytes);
      pb::ObserveResponse seen;
      const Answer o = ask(*isolated_, pb::METHOD_OBSERVE, observe, seen);
      if (problem.empty() && (o.fault || (!o.ok() && o.status != pb::BAD_STATE)))
        problem = "Observe: " + o.text() + ", not BAD_STATE";
      if (problem.empty() && offers(game_, pb::METHOD_RENDER_SCENE)) {
        pb::RenderSceneRequest render;
        render.set_state(bytes);
        pb::RenderSceneResponse drawn;
        const Answer r = ask(*isolated_, pb::METHOD_RENDER_SCENE, render, drawn);
        if (r.fault || (!r.ok() && r.status != pb::BAD_STATE)) problem = "RenderScene: " + r.text() + ", not BAD_STATE";
      }
      expect(kBadBytes, problem);
    }
  }
}

void Checker::skip_unused() {
  auto& hidden = report_.checks[kHidden];
  if (!game_.has_hidden_information()) hidden.skipped = "perfect information";
  else if (!offers(game_, pb::METHOD_SAMPLE_HIDDEN)) hidden.skipped = "hidden information, but no SAMPLE_HIDDEN to compare with";
  else if (hidden.failed == 0)
    hidden.counted = fmt::format("samples ({} differ from the true state)", samples_differing_);
  if (!offers(game_, pb::METHOD_RENDER_SCENE)) report_.checks[kScene].skipped = "no RENDER_SCENE";
  if (!main_->has_step() && report_.checks[kApplyStep].failed == 0)
    report_.checks[kApplyStep].counted = "actions (no STEP: Apply on another instance)";
}

}  // namespace

Report check_plugin(const std::filesystem::path& path, const Settings& settings, const LoadOptions& load) {
  return Checker(path, settings, load).run();
}

}  // namespace gamehost::conformance
