// Connect Four, ours against OpenSpiel's C++ built from source beside it, in
// one process, one thread, the two sides alternating round by round
// (bench/peers/run.sh builds and runs it; docs/performance.md, "Beside
// OpenSpiel"). Each row times the same work on both sides:
//   playouts  whole random games from the empty board: our rules core
//             (connect_four::random_playout) against OpenSpiel's State
//             (LegalActions, then ApplyAction of a uniformly drawn one);
//   plies     whole random games ply by ply through our interface (one Step a
//             ply, as `play`, Python and the server do) against the same
//             OpenSpiel loop;
//   mcts      searches of ITERS iterations from the empty board, a fresh tree
//             each: our MctsSearch (c 1.4, one uniformly random playout per
//             iteration) against MCTSBot (uct_c 1.4, RandomRolloutEvaluator
//             with one rollout, no solver);
// then a match at equal time per move between the two searches, colours
// alternating. Rates are per second of the thread's CPU time (the machine
// may be shared); min / median / max over the rounds, and the ratio of the
// medians of ours to theirs.
//   peer_bench PLUGIN [--rounds N] [--games N] [--move-time S] [--iters N]
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "connect_four/core/playout.h"
#include "gamehost/play/agents/mcts.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/base/random.h"
#include "open_spiel/algorithms/mcts.h"
#include "open_spiel/spiel.h"

namespace {

namespace os = open_spiel;
namespace cf = connect_four;
using gamehost::Plugin;

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Work units per CPU second of `work(n)`, which does n units.
double rate(const std::function<void(int)>& work, int n) {
  const double start = thread_seconds();
  work(n);
  return n / (thread_seconds() - start);
}

struct Row {
  std::string name, unit;
  int work;  // units per measurement
  std::function<void(int)> ours, theirs;
  std::vector<double> ours_rates, theirs_rates;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void print_row(const Row& r) {
  auto stats = [](const std::vector<double>& v) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%11.0f %11.0f %11.0f", *std::min_element(v.begin(), v.end()), median(v),
                  *std::max_element(v.begin(), v.end()));
    return std::string(buf);
  };
  std::printf("%-10s %-14s ours   %s\n", r.name.c_str(), r.unit.c_str(), stats(r.ours_rates).c_str());
  std::printf("%-10s %-14s theirs %s   ours/theirs %.2f\n", "", "", stats(r.theirs_rates).c_str(),
              median(r.ours_rates) / median(r.theirs_rates));
}

// OpenSpiel's random game: LegalActions, a uniform draw, ApplyAction.
int openspiel_random_game(const os::State& initial, std::mt19937_64& rng) {
  std::unique_ptr<os::State> s = initial.Clone();
  int plies = 0;
  while (!s->IsTerminal()) {
    const std::vector<os::Action> legal = s->LegalActions();
    s->ApplyAction(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
    ++plies;
  }
  return plies;
}

struct Ours {
  Plugin& plugin;
  std::string empty_board;
  gamehost::pb::StateInfo empty_info;  // with legal ids
};

// Our interface's random game: one Step a ply from NewGame's empty board.
int interface_random_game(const Ours& ours, gamehost::SplitMix& rng) {
  static thread_local gamehost::pb::StepResponse step;
  std::string state = ours.empty_board;
  const auto& first = ours.empty_info.legal_ids();
  ours.plugin.step(state, first[static_cast<int>(rng.below(static_cast<std::uint64_t>(first.size())))], step);
  int plies = 1;
  for (; !step.terminal(); ++plies) {
    state.swap(*step.mutable_state());
    ours.plugin.step(state, step.legal_ids(static_cast<int>(rng.below(static_cast<std::uint64_t>(step.legal_ids_size())))),
                     step);
  }
  return plies;
}

gamehost::MctsOptions our_mcts_options(std::uint64_t seed) {
  gamehost::MctsOptions o;
  o.c = 1.4;
  o.uniform = true;
  o.rollouts = 1;
  o.threads = 1;
  o.reuse = false;  // MCTSBot searches a fresh tree every move
  o.seed = seed;
  return o;
}

std::unique_ptr<os::algorithms::MCTSBot> their_mcts(const os::Game& game, int iters, double seconds, int seed) {
  auto evaluator = std::make_shared<os::algorithms::RandomRolloutEvaluator>(1, seed);
  return std::make_unique<os::algorithms::MCTSBot>(game, evaluator, 1.4, iters, /*max_memory_mb=*/4000,
                                                   /*solve=*/false, seed, /*verbose=*/false,
                                                   os::algorithms::ChildSelectionPolicy::UCT, 0, 0, false, seconds);
}

// One game between our MCTS and MCTSBot at `seconds` a move (wall clock, as
// both measure it); ours plays first when `ours_first`. Returns our result:
// 1 win, 0 draw, -1 loss. Both sides play through their own state; the
// moves are checked to agree.
int match_game(const Ours& ours, const os::Game& game, double seconds, bool ours_first, int seed) {
  gamehost::MctsOptions o = our_mcts_options(static_cast<std::uint64_t>(seed) + 1);
  o.time = seconds;
  gamehost::MctsSearch our_search(ours.plugin, o);
  auto theirs = their_mcts(game, 1 << 30, seconds, seed);
  std::unique_ptr<os::State> their_state = game.NewInitialState();
  std::string state = ours.empty_board;
  gamehost::pb::StateInfo info = ours.empty_info;
  gamehost::pb::QueryFlags flags;
  flags.set_legal_ids(true);
  gamehost::pb::ApplyResponse applied;
  for (int ply = 0; !info.terminal(); ++ply) {
    const bool our_turn = (ply % 2 == 0) == ours_first;
    const auto action = our_turn ? our_search.search(state, info).action
                                 : static_cast<std::uint32_t>(theirs->Step(*their_state));
    ours.plugin.apply(state, action, flags, applied);
    state.swap(*applied.mutable_state());
    info.Swap(applied.mutable_info());
    their_state->ApplyAction(action);
    if (their_state->IsTerminal() != info.terminal()) {
      std::fprintf(stderr, "peer_bench: the two rules disagree after ply %d\n", ply);
      std::exit(2);
    }
  }
  const double red = their_state->Returns()[0];
  const double ours_return = ours_first ? red : -red;
  return ours_return > 0 ? 1 : ours_return < 0 ? -1 : 0;
}

int arg_int(int argc, char** argv, const char* name, int fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == name) return std::atoi(argv[i + 1]);
  return fallback;
}

double arg_double(int argc, char** argv, const char* name, double fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == name) return std::atof(argv[i + 1]);
  return fallback;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: peer_bench PLUGIN.so [--rounds N] [--games N] [--move-time S] [--iters N]\n");
    return 2;
  }
  const int rounds = arg_int(argc, argv, "--rounds", 5);
  const int games = arg_int(argc, argv, "--games", 100);
  const int iters = arg_int(argc, argv, "--iters", 2000);
  const double move_time = arg_double(argc, argv, "--move-time", 0.05);

  std::unique_ptr<Plugin> loaded = Plugin::load(argv[1]);
  Plugin& plugin = *loaded;
  gamehost::pb::NewGameRequest start;
  start.mutable_flags()->set_legal_ids(true);
  const auto started = plugin.new_game(start);
  const Ours ours{plugin, started.state(), started.info()};

  std::shared_ptr<const os::Game> game = os::LoadGame("connect_four");
  std::unique_ptr<os::State> initial = game->NewInitialState();

  cf::Rng core_rng(1);
  gamehost::SplitMix interface_rng(1);
  std::mt19937_64 their_rng(1);
  std::uint64_t our_mcts_seed = 0;
  int their_mcts_seed = 0;
  auto their_games = [&](int n) {
    for (int k = 0; k < n; ++k) openspiel_random_game(*initial, their_rng);
  };
  std::vector<Row> rows{
      {"playouts", "games/s", 20000,
       [&](int n) {
         for (int k = 0; k < n; ++k) {
           cf::State s;
           cf::random_playout(s, core_rng);
         }
       },
       their_games, {}, {}},
      {"plies", "games/s", 20000,
       [&](int n) {
         for (int k = 0; k < n; ++k) interface_random_game(ours, interface_rng);
       },
       their_games, {}, {}},
      {"mcts", "iterations/s", 5,
       [&](int n) {
         for (int k = 0; k < n; ++k) {
           gamehost::MctsOptions o = our_mcts_options(++our_mcts_seed);
           o.iters = static_cast<std::uint64_t>(iters);
           gamehost::MctsSearch search(plugin, o);
           search.search(ours.empty_board, ours.empty_info);
         }
       },
       [&](int n) {
         for (int k = 0; k < n; ++k) their_mcts(*game, iters, -1, ++their_mcts_seed)->Step(*initial);
       },
       {}, {}},
  };
  std::printf("peer_bench: %d rounds, one thread, rates per CPU second; mcts: %d iterations a search\n", rounds,
              iters);
  for (int round = 0; round < rounds; ++round) {
    for (auto& r : rows) {
      // Alternate who goes first, so that a change of load favours neither.
      if (round % 2 == 0) {
        r.ours_rates.push_back(rate(r.ours, r.work));
        r.theirs_rates.push_back(rate(r.theirs, r.work));
      } else {
        r.theirs_rates.push_back(rate(r.theirs, r.work));
        r.ours_rates.push_back(rate(r.ours, r.work));
      }
    }
  }
  std::printf("%-10s %-14s        %11s %11s %11s\n", "row", "unit", "min", "median", "max");
  for (auto& r : rows) {
    // The mcts rows count iterations, not searches.
    if (r.name == "mcts")
      for (auto* v : {&r.ours_rates, &r.theirs_rates})
        for (double& x : *v) x *= iters;
    print_row(r);
  }
  std::fflush(stdout);

  if (games > 0) {
    int wins = 0, draws = 0, losses = 0, first_wins = 0;
    for (int g = 0; g < games; ++g) {
      const bool ours_first = g % 2 == 0;
      const int r = match_game(ours, *game, move_time, ours_first, g + 1);
      (r > 0 ? wins : r < 0 ? losses : draws)++;
      if ((r > 0 && ours_first) || (r < 0 && !ours_first)) ++first_wins;
    }
    std::printf("match      %.3f s a move, %d games, colours alternating: ours %d wins, %d draws, %d losses "
                "(score %.1f%%); the first mover won %d\n",
                move_time, games, wins, draws, losses, 100.0 * (wins + 0.5 * draws) / games, first_wins);
  }
  return 0;
}
