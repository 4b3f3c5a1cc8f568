#include "gamehost/play/agents/one_ply.h"

#include <algorithm>
#include <numeric>

#include "gamehost/play/agents/playouts.h"

namespace gamehost {

OnePlyValuer::OnePlyValuer(Plugin& game, std::uint32_t rollouts)
    : game_(game),
      rollouts_(rollouts),
      evaluate_(has_method(game, pb::METHOD_EVALUATE)),
      rollout_(has_method(game, pb::METHOD_ROLLOUT)) {}

double OnePlyValuer::value(const std::string& state, std::uint32_t action, int seat, SplitMix& rng) {
  game_.apply(state, action, none_, applied_);
  if (evaluate_) {
    ereq_.set_state(applied_.state());
    game_.call(pb::METHOD_EVALUATE, ereq_, eresp_);
    return seat < eresp_.values_size() ? eresp_.values(seat) : 0.0;
  }
  if (applied_.info().terminal())
    return seat < applied_.info().returns_size() ? applied_.info().returns(seat) : 0.0;
  if (rollout_) {
    rreq_.set_state(applied_.state());
    rreq_.set_seed(rng.next());
    rreq_.set_count(rollouts_);
    game_.call(pb::METHOD_ROLLOUT, rreq_, rresp_);
    return seat < rresp_.returns_sum_size() ? rresp_.returns_sum(seat) / rollouts_ : 0.0;
  }
  // Neither call: playouts through Apply, ply by ply.
  std::vector<double> ret(static_cast<std::size_t>(game_.players()));
  random_playouts(game_, applied_.state(), rollouts_, rng, ret);
  return ret[static_cast<std::size_t>(seat)] / rollouts_;
}

std::vector<std::uint32_t> keep_best_actions(const Turn& turn, std::uint32_t keep, SplitMix& rng) {
  std::vector<std::uint32_t> ids(turn.info.legal_ids().begin(), turn.info.legal_ids().end());
  if (keep == 0 || keep >= ids.size()) return ids;
  // Shuffled first, so that the stable sort leaves equals in random order.
  for (std::size_t i = ids.size() - 1; i > 0; --i) std::swap(ids[i], ids[rng.below(i + 1)]);
  OnePlyValuer valuer(turn.game, 1);
  std::vector<double> v(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) v[i] = valuer.value(turn.state, ids[i], turn.seat, rng);
  std::vector<std::size_t> order(ids.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] > v[b]; });
  std::vector<std::uint32_t> kept;
  for (std::size_t i = 0; i < keep; ++i) kept.push_back(ids[order[i]]);
  return kept;
}

}  // namespace gamehost
