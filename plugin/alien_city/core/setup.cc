#include "setup.h"

#include <cctype>
#include <vector>

#include "rng.h"

namespace alien_city {
namespace {

constexpr std::string_view kCornerNames[] = {"sw", "se", "nw", "ne"};

template <class T, std::size_t N>
void shuffle(std::array<T, N>& items, Rng& rng) {
  for (std::size_t i = N - 1; i > 0; --i) {
    const auto j = rng.below(static_cast<std::uint32_t>(i + 1));
    std::swap(items[i], items[j]);
  }
}

}  // namespace

Layout balanced_layout(std::uint64_t seed) {
  Rng rng(seed);
  Layout layout;
  for (int t = 0; t < kTiles; ++t) layout.colour[t] = static_cast<Colour>(t % kColours);
  shuffle(layout.colour, rng);
  for (auto& corner : layout.icon) corner = static_cast<Corner>(rng.below(4));
  return layout;
}

Layout piecepack_layout(std::uint64_t seed) {
  Rng rng(seed);
  std::array<Colour, 24> pack{};
  for (int t = 0; t < 24; ++t) pack[t] = static_cast<Colour>(t % kColours);
  shuffle(pack, rng);
  Layout layout;
  for (int t = 0; t < kTiles; ++t) layout.colour[t] = pack[t];
  for (auto& corner : layout.icon) corner = static_cast<Corner>(rng.below(4));
  return layout;
}

Expected<Layout> parse_layout(std::string_view text) {
  std::vector<std::string> tokens;
  std::string current;
  for (char ch : text) {
    if (std::isspace(static_cast<unsigned char>(ch)) || ch == '/') {
      if (!current.empty()) tokens.push_back(current), current.clear();
    } else {
      current += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    }
  }
  if (!current.empty()) tokens.push_back(current);
  if (tokens.size() != kTiles) {
    return Error{"layout", "a layout has 20 tiles (5 rows of 4, top row first); found " +
                               std::to_string(tokens.size())};
  }
  Layout layout;
  for (int i = 0; i < kTiles; ++i) {
    const std::string& tok = tokens[i];
    // Token i is read top row first; tile numbers count from the bottom row.
    const int tile = (kTilesUp - 1 - i / kTilesAcross) * kTilesAcross + i % kTilesAcross;
    const auto colour = tok.empty() ? std::nullopt : parse_colour_letter(tok[0]);
    bool ok = colour && tok.size() == 4 && tok[1] == '-';
    int corner = -1;
    for (int c = 0; ok && c < 4; ++c)
      if (tok.substr(2) == kCornerNames[c]) corner = c;
    if (!ok || corner < 0) {
      return Error{"layout", "layout tile " + std::to_string(i + 1) + " '" + tok +
                                 "' is not colour-corner such as 'r-ne' (colours r b g k, "
                                 "corners sw se nw ne)"};
    }
    layout.colour[tile] = *colour;
    layout.icon[tile] = static_cast<Corner>(corner);
  }
  return layout;
}

std::string layout_to_string(const Layout& layout) {
  std::string out;
  for (int ty = kTilesUp - 1; ty >= 0; --ty) {
    for (int tx = 0; tx < kTilesAcross; ++tx) {
      const int t = ty * kTilesAcross + tx;
      if (tx) out += ' ';
      out += colour_letter(layout.colour[t]);
      out += '-';
      out += kCornerNames[static_cast<int>(layout.icon[t])];
    }
    if (ty) out += " / ";
  }
  return out;
}

}  // namespace alien_city
