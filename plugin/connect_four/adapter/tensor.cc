// Connect Four as numbers, in OpenSpiel's layout (its connect_four.cc with
// the default egocentric_obs_tensor=false), so that code written for
// OpenSpiel's observation_tensor reads ours unchanged: three planes of
// 6 rows x 7 columns, row 0 at the bottom; plane 0 holds Red's discs (the
// first player, OpenSpiel's "x"), plane 1 Yellow's ("o"), plane 2 the empty
// cells. Both seats see the same tensor (perfect information).
#include "game_adapter.h"
#include "gamehost/kit/tensor.h"

namespace connect_four::plugin {

void observation_tensor(const State& s, int, pb::ObservationTensorResponse& out) {
  gamehost::kit::TensorWriter t(out, {3, kRows, kCols});
  for (int row = 0; row < kRows; ++row)
    for (int col = 0; col < kCols; ++col) {
      const auto disc = s.at(col, row);
      const int plane = !disc ? 2 : index_of(*disc);
      t.at(plane, row, col, kRows, kCols) = 1.0f;
    }
}

}  // namespace connect_four::plugin
