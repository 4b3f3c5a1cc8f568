// A position of Alien City: the city's layout, what stands on each lot, who
// claimed which tower, both supplies (R4), who is to move and the phase (R5).
//
// State is a plain value (576 bytes, trivially copyable): search and
// the viewer copy it freely. It keeps a few derived lot sets, and the built
// regions the street rule needs, up to date so the rules never scan the
// board. Mutators here only record facts; legality and
// turn order live in rules.h.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "board.h"
#include "lotset.h"
#include "setup.h"

namespace alien_city {

struct Supply {
  std::array<std::uint8_t, kPieceKinds> pieces{};
  std::uint8_t caps = 0;

  int total_structures() const;
  friend bool operator==(const Supply&, const Supply&) = default;
};

// Each player's supply at the start (R4).
Supply initial_supply(Player p);

// R5: a turn is a build, then (when possible) a claim decision; Over when
// neither player can build (R6).
enum class Phase : std::uint8_t { Build, Claim, Over };

class State {
 public:
  // The start of a game on `layout`: empty city, full supplies, Black to build.
  explicit State(const Layout& layout);

  const Layout& layout() const { return layout_; }
  Colour tile_colour_of(Lot lot) const { return layout_.colour[tile_of(lot)]; }
  bool is_icon_lot(Lot lot) const { return icon_lots_.contains(lot); }
  // Lots on tiles of colour c; the icon lots of all tiles.
  LotSet colour_lots(Colour c) const { return colour_lots_[static_cast<int>(c)]; }
  LotSet icon_lots() const { return icon_lots_; }

  // What stands on a lot.
  std::optional<Piece> piece_at(Lot lot) const;
  // Who capped the tower on `lot`, if anyone.
  std::optional<Player> claimed_by(Lot lot) const;
  int structures_on_tile(int tile) const { return tile_count_[tile]; }
  // Lots of the tiles that hold two structures or more (R9's second half).
  LotSet crowded_tile_lots() const { return crowded_; }

  LotSet built() const { return built_; }
  LotSet streets() const { return ~built_; }
  LotSet towers() const { return towers_; }
  // Structures (towers and domes) of colour c.
  LotSet structures_of(Colour c) const { return by_colour_[static_cast<int>(c)]; }
  LotSet towers_of(Colour c) const { return towers_ & by_colour_[static_cast<int>(c)]; }
  LotSet claimed_by(Player p) const { return claimed_[index_of(p)]; }
  // The built region of a lot: built lots touching at a side or a corner
  // form one region, and every region touching the board's edge is one
  // region, kOuterRegion. Any other region is named by 1 + its lowest lot, so
  // the labels depend only on which lots are built; a street gives
  // kStreetRegion. These regions are the faces of the street graph
  // (streets.h).
  static constexpr std::uint8_t kOuterRegion = 0;
  static constexpr std::uint8_t kStreetRegion = 0xFF;
  int built_region(Lot lot) const { return region_[lot]; }
  // built_region() of every lot, and kOuterRegion at index kLots, which
  // stands for any place off the board.
  const std::array<std::uint8_t, kLots + 1>& regions() const { return region_; }
  LotSet claimed() const { return claimed_[0] | claimed_[1]; }
  LotSet unclaimed_towers() const { return towers_ - claimed(); }

  const Supply& supply(Player p) const { return supply_[index_of(p)]; }
  Player to_move() const { return to_move_; }
  Phase phase() const { return phase_; }
  bool is_over() const { return phase_ == Phase::Over; }
  // During a claim decision: who builds next once it is taken.
  Player next_builder() const { return next_builder_; }

  // --- Recording facts (no legality checks; rules.h decides what is legal) --
  // Puts `piece` on empty `lot`, taking it from `from`'s supply when given.
  void place(Lot lot, Piece piece, std::optional<Player> from);
  // Caps the unclaimed tower on `lot` for `p`, taking a cap from p's supply.
  void cap(Lot lot, Player p);
  void set_supply(Player p, const Supply& s) { supply_[index_of(p)] = s; }
  void set_turn(Player to_move, Phase phase, Player next_builder) {
    to_move_ = to_move;
    phase_ = phase;
    next_builder_ = next_builder;
  }

  friend bool operator==(const State& a, const State& b);

 private:
  static constexpr std::array<std::uint8_t, kLots + 1> street_regions() {
    std::array<std::uint8_t, kLots + 1> r{};
    for (int i = 0; i < kLots; ++i) r[i] = kStreetRegion;
    r[kLots] = kOuterRegion;
    return r;
  }
  // Gives a newly built lot its region, merging the regions it touches.
  // Called before the lot joins built_.
  void join_region(Lot lot);

  Layout layout_;
  std::array<LotSet, kColours> colour_lots_{};
  LotSet icon_lots_;

  // piece_[lot]: 0 = empty, else 1 + Piece. owner_[lot]: 0 none, 1 White, 2 Black.
  std::array<std::uint8_t, kLots> piece_{};
  std::array<std::uint8_t, kLots> owner_{};
  std::array<std::uint8_t, kTiles> tile_count_{};
  std::array<std::uint8_t, kLots + 1> region_ = street_regions();
  LotSet built_, towers_, crowded_;
  std::array<LotSet, kColours> by_colour_{};
  std::array<LotSet, 2> claimed_{};

  std::array<Supply, 2> supply_{};
  Player to_move_ = Player::Black;
  Phase phase_ = Phase::Build;
  Player next_builder_ = Player::Black;
};

}  // namespace alien_city
