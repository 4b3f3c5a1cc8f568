// The calls every game answers the same way, written once: decoding and
// caching states, checking options, seats and counts, encoding the result,
// the rollout loop and the list of optional calls. A game supplies only its
// glue to its rules core, as a class `Game` (docs/writing-a-plugin.md);
// deriving it from kit::GameBase (game_base.h) gives State, decode, encode
// and Values from the core's codec:
//
//   static constexpr const char* kId = "connect_four";
//   using State = ...;                                       // a value type
//   static gamecore::Expected<State> decode(const std::string& bytes);
//   static std::string encode(const State& s);
//   static void describe(pb::GameInfo& info);   // all but interface_version
//                                               // and optional_methods
//   gamecore::Expected<State> start(const Options& o, std::uint64_t seed,
//                                   std::string& setup);
//   void fill_info(const State& s, const pb::QueryFlags& f, pb::StateInfo& i);
//   // Applies action `id` to `s` (an ILLEGAL_ACTION refusal when it is not
//   // legal) and describes it in *described when that is not null.
//   Outcome apply(State& s, std::uint32_t id, pb::ActionInfo* described);
//   Outcome parse_action(const State& s, const std::string& text, pb::ActionInfo& out);
//
// and any of these, each turning on its call:
//   void observe(const State&, int seat, pb::ObserveResponse&);  // else: the
//                                         // full text (perfect information)
//   void observe_public(const State&, pb::ObserveResponse&);  // Observe of
//                                         // player -1: what every seat sees
//   Outcome analyze(const State&, const std::string& topic, pb::AnalyzeResponse&);
//   std::array<double, N> evaluate(const State&);                 // EVALUATE
//   std::uint64_t playout(State&, gamecore::Rng&);   // both: ROLLOUT
//   std::array<double, N> returns(const State&);     // (of a finished game)
//   std::array<double, N> points(const State&);      // games that keep points:
//                                         // Rollout sums them (scores_sum)
//   std::uint64_t guided_playout(State&, gamecore::Rng&);  // with playout: a
//                                         // stronger rollout policy, Rollout's
//                                         // default (RolloutRequest.uniform)
//   void render(const State&, const pb::ViewOptions&, pb::Scene&); // RENDER_SCENE
//   State sample_hidden(const State&, int seat, gamecore::Rng&);   // SAMPLE_HIDDEN
//   void observation_tensor(const State&, int seat,   // OBSERVATION_TENSOR:
//                           pb::ObservationTensorResponse&);  // shape, values
//   kit::Solution solve(const State&, std::uint64_t budget,        // SOLVE: the
//                       std::optional<double> guess);  // game's exact solver
//                                         // (solve.h); called on non-terminal
//                                         // states with budget >= 1 only
//   void board(const State&, const State* before, std::optional<int> seat,
//              pb::TerminalBoard&);   // QueryFlags.board, ObserveRequest.board:
//                                     // the terminal board as `seat` sees it
//                                     // (nullopt: everything), marking what
//                                     // changed since `before` (if not null)
//
// Adapter<Game> is then the Handlers of PluginDispatcher (entry.h). Every
// game gets Step (METHOD_STEP: Apply and the status in one flat answer) from
// its apply and fill_info; a module compiled with GAMEHOST_KIT_NO_STEP
// answers as plugins built before Step did (the host's fallback is tested
// with one). Likewise, for tests, GAMEHOST_KIT_NO_ANALYZE leaves Analyze out
// (and the analysis topics its describe lists), as a game without an
// `analyze` member, and GAMEHOST_KIT_ID="name" answers under another id, so
// such a variant of a shipped game loads beside it.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/rng.h"
#include "gamehost.pb.h"
#include "gamehost/kit/options.h"
#include "gamehost/kit/outcome.h"
#include "gamehost/kit/solve.h"
#include "gamehost/kit/state_cache.h"
#include "gamehost/step_wire.h"
#include "scene.pb.h"

namespace gamehost::kit {

template <class G>
concept HasObserve = requires(G& g, const typename G::State& s, pb::ObserveResponse& r) { g.observe(s, 0, r); };
// Observe of player -1, what every seat sees (a game with hidden information).
template <typename G>
concept HasObservePublic = requires(G& g, const typename G::State& s, pb::ObserveResponse& r) { g.observe_public(s, r); };
template <class G>
concept HasAnalyze = requires(G& g, const typename G::State& s, pb::AnalyzeResponse& r) {
  { g.analyze(s, std::string(), r) } -> std::same_as<Outcome>;
};
template <class G>
concept HasEvaluate = requires(G& g, const typename G::State& s) { g.evaluate(s); };
template <class G>
concept HasRollout = requires(G& g, typename G::State& s, gamecore::Rng& rng) {
  { g.playout(s, rng) } -> std::convertible_to<std::uint64_t>;
  g.returns(s);
};
template <class G>
concept HasGuidedRollout = HasRollout<G> && requires(G& g, typename G::State& s, gamecore::Rng& rng) {
  { g.guided_playout(s, rng) } -> std::convertible_to<std::uint64_t>;
};
template <class G>
concept HasPoints = requires(G& g, const typename G::State& s) { g.points(s); };
template <class G>
concept HasScene = requires(G& g, const typename G::State& s, const pb::ViewOptions& v, pb::Scene& out) {
  g.render(s, v, out);
};
template <class G>
concept HasSampleHidden = requires(G& g, const typename G::State& s, gamecore::Rng& rng) {
  { g.sample_hidden(s, 0, rng) } -> std::convertible_to<typename G::State>;
};

template <class G>
concept HasObservationTensor =
    requires(G& g, const typename G::State& s, pb::ObservationTensorResponse& out) { g.observation_tensor(s, 0, out); };

template <class G>
concept HasSolve = requires(G& g, const typename G::State& s) {
  { g.solve(s, std::uint64_t{1}, std::optional<double>()) } -> std::same_as<Solution>;
};

template <class G>
concept HasBoard = requires(G& g, const typename G::State& s, pb::TerminalBoard& out) {
  g.board(s, &s, std::optional<int>(), out);
};

// Table records (ReadRecord, WriteRecord): the game reads and writes the
// formats it lists in GameInfo.record_formats.
template <class G>
concept HasRecords = requires(G& g, const pb::ReadRecordRequest& rq, pb::ReadRecordResponse& rr,
                              const pb::WriteRecordRequest& wq, pb::WriteRecordResponse& wr) {
  { g.read_record(rq, rr) } -> std::same_as<Outcome>;
  { g.write_record(wq, wr) } -> std::same_as<Outcome>;
};

// "(0 or 1)" for two seats, "(0..3)" for four.
inline std::string seat_range(int seats) {
  return seats == 2 ? "(0 or 1)" : "(0.." + std::to_string(seats - 1) + ")";
}

template <class Game>
class Adapter {
 public:
  using State = typename Game::State;

  Adapter() {
    Game::describe(info_);
    info_.set_interface_version(pb::INTERFACE_VERSION);
#ifdef GAMEHOST_KIT_NO_ANALYZE
    info_.clear_analysis_topics();
#endif
#ifdef GAMEHOST_KIT_ID
    info_.set_id(GAMEHOST_KIT_ID);
#endif
    info_.clear_optional_methods();
    if constexpr (HasEvaluate<Game>) info_.add_optional_methods(pb::METHOD_EVALUATE);
    if constexpr (HasRollout<Game>) info_.add_optional_methods(pb::METHOD_ROLLOUT);
    if constexpr (HasScene<Game>) info_.add_optional_methods(pb::METHOD_RENDER_SCENE);
    if constexpr (HasSampleHidden<Game>) info_.add_optional_methods(pb::METHOD_SAMPLE_HIDDEN);
    if constexpr (HasObservationTensor<Game>) info_.add_optional_methods(pb::METHOD_OBSERVATION_TENSOR);
    if constexpr (HasSolve<Game>) info_.add_optional_methods(pb::METHOD_SOLVE);
    if constexpr (HasRecords<Game>) {
      info_.add_optional_methods(pb::METHOD_READ_RECORD);
      info_.add_optional_methods(pb::METHOD_WRITE_RECORD);
    } else {
      info_.clear_record_formats();
    }
#ifndef GAMEHOST_KIT_NO_STEP
    info_.add_optional_methods(pb::METHOD_STEP);
#endif
    step_flags_.set_legal_ids(true);
  }

  void describe(const pb::DescribeRequest&, pb::DescribeResponse& resp) { *resp.mutable_info() = info_; }

  Outcome new_game(const pb::NewGameRequest& req, pb::NewGameResponse& resp) {
    Options options;
    if (auto refused = resolve_options(info_, req.options(), options)) return refused;
    std::string setup;
    auto start = game_.start(options, req.seed(), setup);
    if (!start) return refuse(pb::INVALID_ARGUMENT, start.error());
    options.write(*resp.mutable_options());
    resp.set_setup(std::move(setup));
    finish(std::move(*start), req.flags(), *resp.mutable_state(), *resp.mutable_info());
    return std::nullopt;
  }

  Outcome query(const pb::QueryRequest& req, pb::QueryResponse& resp) {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    game_.fill_info(**s, req.flags(), *resp.mutable_info());
    if (req.flags().board())
      return draw_board(**s, req.board_before(), std::nullopt, *resp.mutable_info()->mutable_board());
    return std::nullopt;
  }

  Outcome apply(const pb::ApplyRequest& req, pb::ApplyResponse& resp) {
    auto loaded = cache_.load(req.state());
    if (!loaded) return refuse(pb::BAD_STATE, loaded.error());
    State s = **loaded;
    if (auto refused = game_.apply(s, req.action_id(), req.describe_action() ? resp.mutable_action() : nullptr))
      return refused;
    if constexpr (HasBoard<Game>)  // the applied action is the move to mark
      if (req.flags().board()) game_.board(s, &**loaded, std::nullopt, *resp.mutable_info()->mutable_board());
    finish(std::move(s), req.flags(), *resp.mutable_state(), *resp.mutable_info());
    return std::nullopt;
  }

#ifndef GAMEHOST_KIT_NO_STEP
  // Apply from the request's state, or from the last Step's when it sends
  // none, then the new state's status from the game's own fill_info (so Step
  // says exactly what Apply + Query say), its bytes written straight into
  // the dispatcher's answer buffer `out` (gamehost/step_wire.h).
  Outcome step_wire(const pb::StepRequest& req, std::string& out) {
    const State* from = nullptr;
    if (req.state().empty()) {
      if (!stepped_) return refuse(pb::BAD_STATE, "Step without a state, but no Step has returned one yet");
      from = &*stepped_;
    } else {
      auto loaded = cache_.load(req.state());
      if (!loaded) return refuse(pb::BAD_STATE, loaded.error());
      from = *loaded;
    }
    State s = *from;
    pb::ActionInfo* described = nullptr;
    if (req.describe_action()) described = &step_action_, step_action_.Clear();
    if (auto refused = game_.apply(s, req.action_id(), described)) return refused;
    step_flags_.set_scores(req.scores());
    step_info_.Clear();
    game_.fill_info(s, step_flags_, step_info_);
    const std::string bytes = Game::encode(s);
    step_wire::encode_step(out, bytes, step_info_, step_action_.notation(), described != nullptr);
    stepped_ = std::move(s);
    return std::nullopt;
  }
#endif

  Outcome parse_action(const pb::ParseActionRequest& req, pb::ParseActionResponse& resp) {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    return game_.parse_action(**s, req.text(), *resp.mutable_action());
  }

  Outcome observe(const pb::ObserveRequest& req, pb::ObserveResponse& resp) {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    // Player -1: what every seat sees (spectators). A game of perfect
    // information shows everything; a game with hidden information answers
    // it only with observe_public.
    if (req.player() == -1 && HasObserve<Game> && !HasObservePublic<Game>)
      return refuse(pb::INVALID_ARGUMENT, "player -1 (the public view): this game does not offer it");
    if (req.player() != -1)
      if (auto refused = check_seat("player", req.player())) return refused;
    if constexpr (HasObservePublic<Game>) {
      if (req.player() == -1) game_.observe_public(**s, resp);
      else game_.observe(**s, req.player(), resp);
    } else if constexpr (HasObserve<Game>) {
      game_.observe(**s, req.player(), resp);
    } else {  // perfect information: everyone sees everything
      pb::QueryFlags text;
      text.set_text(true);
      pb::StateInfo info;
      game_.fill_info(**s, text, info);
      resp.set_text(info.text());
    }
    if (req.board()) return draw_board(**s, req.board_before(), req.player(), *resp.mutable_board());
    return std::nullopt;
  }

#ifndef GAMEHOST_KIT_NO_ANALYZE
  Outcome analyze(const pb::AnalyzeRequest& req, pb::AnalyzeResponse& resp)
    requires HasAnalyze<Game>
  {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    return game_.analyze(**s, req.topic(), resp);
  }
#endif

  Outcome evaluate(const pb::EvaluateRequest& req, pb::EvaluateResponse& resp)
    requires HasEvaluate<Game>
  {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    for (double v : game_.evaluate(**s)) resp.add_values(v);
    return std::nullopt;
  }

  Outcome rollout(const pb::RolloutRequest& req, pb::RolloutResponse& resp)
    requires HasRollout<Game>
  {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    if (req.count() == 0 || req.count() > 1'000'000)
      return refuse(pb::INVALID_ARGUMENT, "count " + std::to_string(req.count()) + " is not in 1..1000000");
    gamecore::Rng rng(req.seed());  // chance, if any, is drawn from it too
    std::vector<double> sum(static_cast<std::size_t>(info_.player_names_size()), 0.0), points(sum);
    std::uint64_t plies = 0;
    for (std::uint32_t k = 0; k < req.count(); ++k) {
      State c = **s;
      if constexpr (HasGuidedRollout<Game>)
        plies += static_cast<std::uint64_t>(req.uniform() ? game_.playout(c, rng) : game_.guided_playout(c, rng));
      else
        plies += static_cast<std::uint64_t>(game_.playout(c, rng));
      std::size_t seat = 0;
      for (double v : game_.returns(c)) sum[seat++] += v;
      if constexpr (HasPoints<Game>) {
        seat = 0;
        for (double v : game_.points(c)) points[seat++] += v;
      }
    }
    for (double v : sum) resp.add_returns_sum(v);
    if constexpr (HasPoints<Game>)
      for (double v : points) resp.add_scores_sum(v);
    resp.set_plies(plies);
    return std::nullopt;
  }

  Outcome read_record(const pb::ReadRecordRequest& req, pb::ReadRecordResponse& resp) requires HasRecords<Game> {
    if (auto refused = check_record_format(req.format())) return refused;
    return game_.read_record(req, resp);
  }

  Outcome write_record(const pb::WriteRecordRequest& req, pb::WriteRecordResponse& resp) requires HasRecords<Game> {
    if (auto refused = check_record_format(req.format())) return refused;
    return game_.write_record(req, resp);
  }

  Outcome render_scene(const pb::RenderSceneRequest& req, pb::RenderSceneResponse& resp)
    requires HasScene<Game>
  {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    game_.render(**s, req.view(), *resp.mutable_scene());
    return std::nullopt;
  }

  Outcome sample_hidden(const pb::SampleHiddenRequest& req, pb::SampleHiddenResponse& resp)
    requires HasSampleHidden<Game>
  {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    if (auto refused = check_seat("seat", req.seat())) return refused;
    gamecore::Rng rng(req.seed());
    resp.set_state(Game::encode(game_.sample_hidden(**s, req.seat(), rng)));
    return std::nullopt;
  }

  Outcome observation_tensor(const pb::ObservationTensorRequest& req, pb::ObservationTensorResponse& resp)
    requires HasObservationTensor<Game>
  {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    if (auto refused = check_seat("player", req.player())) return refused;
    game_.observation_tensor(**s, req.player(), resp);
    return std::nullopt;
  }

  Outcome solve(const pb::SolveRequest& req, pb::SolveResponse& resp)
    requires HasSolve<Game>
  {
    auto s = cache_.load(req.state());
    if (!s) return refuse(pb::BAD_STATE, s.error());
    if (req.budget() == 0) return refuse(pb::INVALID_ARGUMENT, "budget 0: give at least one position to visit");
    pb::StateInfo info;
    game_.fill_info(**s, pb::QueryFlags(), info);
    if (info.terminal()) return refuse(pb::INVALID_ARGUMENT, "the game is over: nothing to solve");
    const Solution solved =
        game_.solve(**s, req.budget(), req.has_guess() ? std::optional<double>(req.guess()) : std::nullopt);
    resp.set_exact(solved.exact);
    resp.set_nodes(solved.nodes);
    if (!solved.exact) return std::nullopt;
    resp.set_value(solved.value);
    for (const std::uint32_t a : solved.line) resp.add_line(a);
    return std::nullopt;
  }

 private:
  // Encodes a state this instance produced, describes it, and keeps it
  // decoded for the next call (which usually passes these bytes back).
  void finish(State s, const pb::QueryFlags& flags, std::string& bytes, pb::StateInfo& info) {
    bytes = Game::encode(s);
    game_.fill_info(s, flags, info);
    if constexpr (HasBoard<Game>)
      if (flags.board() && !info.has_board()) game_.board(s, nullptr, std::nullopt, *info.mutable_board());
    cache_.remember(bytes, std::move(s));
  }

  // The terminal board of `s`, marking the change from `before_bytes`
  // (decoded apart from the cache, which keeps the state the host goes on
  // with). Games without a board leave `out` empty.
  Outcome draw_board(const State& s, const std::string& before_bytes, std::optional<int> seat,
                     pb::TerminalBoard& out) {
    if constexpr (HasBoard<Game>) {
      std::optional<State> before;
      if (!before_bytes.empty()) {
        auto decoded = Game::decode(before_bytes);
        if (!decoded) return refuse(pb::BAD_STATE, "board_before: " + decoded.error().message);
        before = std::move(*decoded);
      }
      game_.board(s, before ? &*before : nullptr, seat, out);
    } else {
      (void)s, (void)before_bytes, (void)seat, (void)out;
    }
    return std::nullopt;
  }

  Outcome check_seat(const char* what, int seat) const {
    if (seat >= 0 && seat < info_.player_names_size()) return std::nullopt;
    return refuse(pb::INVALID_ARGUMENT, std::string(what) + " " + std::to_string(seat) + " is not a seat " +
                                            seat_range(info_.player_names_size()));
  }

  Outcome check_record_format(const std::string& format) const {
    for (const auto& f : info_.record_formats())
      if (f == format) return std::nullopt;
    return refuse(pb::INVALID_ARGUMENT, "record format '" + format + "': this game does not read or write it");
  }

  pb::GameInfo info_;
  Game game_;
  StateCache<State, &Game::decode> cache_;
  // Step's own: the state it last returned, and reused messages so that a
  // warm Step allocates nothing.
  std::optional<State> stepped_;
  pb::QueryFlags step_flags_;
  pb::StateInfo step_info_;
  pb::ActionInfo step_action_;
};

}  // namespace gamehost::kit
