// Writing an observation tensor (METHOD_OBSERVATION_TENSOR): a row-major
// float array of a stated shape, all zeros to begin with. Games with a board
// write planes of rows x columns (row 0 is the board's bottom row, as in
// their lot or point numbering); anything else goes in flat values after
// the planes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "gamehost.pb.h"

namespace gamehost::kit {

class TensorWriter {
 public:
  // Sets out's shape and `size` zeros (the product of the shape).
  TensorWriter(gamehost::v1::ObservationTensorResponse& out, std::initializer_list<std::uint32_t> shape)
  {
    std::size_t size = 1;
    out.clear_shape();
    for (std::uint32_t d : shape) out.add_shape(d), size *= d;
    out.mutable_values()->Resize(static_cast<int>(size), 0.0f);
    values_ = out.mutable_values()->mutable_data();
  }

  // The value at flat index i.
  float& operator[](std::size_t i) { return values_[i]; }
  // Plane `plane` of `rows` x `cols` cells, at (row, col).
  float& at(int plane, int row, int col, int rows, int cols) {
    return values_[(static_cast<std::size_t>(plane) * rows + row) * cols + col];
  }
  // Sets every cell of a plane of `cells` cells to v (a fact about the whole
  // position, such as whose turn it is).
  void fill_plane(int plane, std::size_t cells, float v) {
    for (std::size_t i = 0; i < cells; ++i) values_[static_cast<std::size_t>(plane) * cells + i] = v;
  }

 private:
  float* values_;
};

}  // namespace gamehost::kit
