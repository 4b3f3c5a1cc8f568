// `gamehost analyze --live`: the engine, live, at the terminal (docs/gamehost.md).
#include <fmt/core.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <thread>

#include "gamehost/base/error.h"
#include "live_command.h"
#include "gamehost/review/live_analysis.h"

namespace gamehost {
namespace {

std::atomic<bool> interrupted{false};

void on_interrupt(int) { interrupted = true; }

std::string percent(double p) { return fmt::format("{:.0f}%", 100 * p); }

void print_update(const review::LiveUpdate& u) {
  if (u.exact) fmt::print("exact (endgame solver):\n");
  else fmt::print("after {} iterations:\n", u.iterations);
  for (std::size_t i = 0; i < u.top.size(); ++i) {
    const auto& s = u.top[i];
    fmt::print("  {}. {}  margin {:+.1f}  win {}{}\n", i + 1, s.notation, s.margin, percent(s.win_probability),
               s.exact ? "  exact" : fmt::format("  ({} visits)", s.visits));
  }
  std::fflush(stdout);
}

}  // namespace

void analyze_live(Plugin& plugin, const std::string& state, const std::string& title, const LiveLimits& limits) {
  fmt::print("{}\nsearching; the best three moves, refreshed (Ctrl-C stops)\n", title);
  std::fflush(stdout);
  interrupted = false;
  const auto old = std::signal(SIGINT, on_interrupt);
  const auto start = std::chrono::steady_clock::now();
  int shown = 0;
  {
    review::LiveAnalysis live(plugin, state, limits.threads);
    while (!interrupted) {
      const auto u = live.latest();
      if (!u.problem.empty()) {
        std::signal(SIGINT, old);
        throw HostError("analyze --live: " + u.problem);
      }
      if (u.refreshes != shown && !u.top.empty()) {
        shown = u.refreshes;
        print_update(u);
        if (u.exact) break;  // proved: nothing will change
      }
      if (limits.iterations > 0 && u.iterations >= limits.iterations) break;
      if (limits.seconds > 0 && std::chrono::steady_clock::now() - start >= std::chrono::duration<double>(limits.seconds))
        break;
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  }
  std::signal(SIGINT, old);
  fmt::print("stopped\n");
}

}  // namespace gamehost
