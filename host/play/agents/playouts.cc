#include "gamehost/play/agents/playouts.h"

#include <algorithm>

namespace gamehost {

void random_playouts(Plugin& game, std::string_view state, std::uint32_t count, SplitMix& rng,
                     std::vector<double>& returns_sum, std::vector<double>* scores_sum) {
  pb::QueryFlags legal;
  legal.set_legal_ids(true);
  pb::ApplyResponse step;
  std::string s;
  for (std::uint32_t k = 0; k < count; ++k) {
    s.assign(state);
    pb::StateInfo info = game.query(s, legal);
    // A game's stated length bounds every playout: one that never ends is
    // cut there and counts as a draw (no returns added).
    std::uint32_t plies = 0;
    while (!info.terminal() && plies++ < game.max_plies()) {
      const std::uint32_t a =
          info.to_move() == -1
              ? draw_chance(info, rng.unit())
              : info.legal_ids(static_cast<int>(rng.below(static_cast<std::uint64_t>(info.legal_ids_size()))));
      game.apply(s, a, legal, step);
      s = std::move(*step.mutable_state());
      info = std::move(*step.mutable_info());
    }
    if (!info.terminal()) continue;
    for (int p = 0; p < info.returns_size() && p < static_cast<int>(returns_sum.size()); ++p)
      returns_sum[static_cast<std::size_t>(p)] += info.returns(p);
    if (scores_sum) {
      pb::QueryFlags scores;
      scores.set_scores(true);
      const pb::StateInfo final_info = game.query(s, scores);
      for (int p = 0; p < final_info.scores_size() && p < static_cast<int>(scores_sum->size()); ++p)
        (*scores_sum)[static_cast<std::size_t>(p)] += static_cast<double>(final_info.scores(p));
    }
  }
}

bool has_method(const Plugin& game, v1::Method m) {
  const auto& ms = game.info().optional_methods();
  return std::find(ms.begin(), ms.end(), m) != ms.end();
}

Playouts::Playouts(Plugin& game, bool uniform) : game_(game), rollout_(has_method(game, pb::METHOD_ROLLOUT)) {
  request_.set_uniform(uniform);
}

void Playouts::run(std::string_view state, std::uint32_t count, SplitMix& rng, std::vector<double>& returns_sum,
                   std::vector<double>& scores_sum) {
  if (!rollout_) {
    // random_playouts adds to its sums.
    std::fill(returns_sum.begin(), returns_sum.end(), 0.0);
    std::fill(scores_sum.begin(), scores_sum.end(), 0.0);
    random_playouts(game_, state, count, rng, returns_sum, &scores_sum);
    return;
  }
  request_.mutable_state()->assign(state);
  request_.set_seed(rng.next());
  request_.set_count(count);
  game_.call(pb::METHOD_ROLLOUT, request_, response_);
  const auto copy = [](const auto& from, std::vector<double>& to) {
    for (std::size_t s = 0; s < to.size(); ++s) {
      const int i = static_cast<int>(s);
      to[s] = i < from.size() ? from[i] : 0.0;
    }
  };
  copy(response_.returns_sum(), returns_sum);
  copy(response_.scores_sum(), scores_sum);
}

}  // namespace gamehost
