// The street rule's fast paths against plain references, over random cities:
// the split test read off the faces (splits_streets) against a flood fill,
// the fused bitboard summary against its two parts, the built regions kept by
// State against regions found from scratch, and the whole street-legal set
// against a Tarjan pass.
//
// The cities are grown at random without the colour rules: each step builds
// on a random street that keeps R8 (by the flood fill), until none does, so
// they reach shapes a real game rarely does (long corridors, rings, enclosed
// pockets). Every position along the way is checked, every street of it.
#include <catch2/catch.hpp>

#include "alien_city/core/board.h"
#include "alien_city/core/rng.h"
#include "alien_city/core/setup.h"
#include "alien_city/core/streets.h"

using namespace alien_city;

namespace {

// 480 cities stall after about 40 builds each (no street keeps R8 any more):
// 19,913 positions with about 60 streets each: 1,189,205
// (position, street) pairs; the test asserts at least 10^6.
constexpr int kCities = 480;
constexpr long kMinimumPairs = 1'000'000;

// The region a built lot should have (State::built_region), from scratch: an
// 8-connected flood of built lots, outer when it touches the board's edge.
int region_from_scratch(LotSet built, Lot lot) {
  LotSet region = LotSet::single(lot);
  while (true) {
    const LotSet row3 = region | region.shift_east() | region.shift_west();
    const LotSet grown = (row3 | row3.shift_north() | row3.shift_south()) & built;
    if (grown == region) break;
    region = grown;
  }
  LotSet edge;
  for (Lot l = 0; l < kLots; ++l)
    if (col_of(l) == 0 || col_of(l) == kCols - 1 || row_of(l) == 0 || row_of(l) == kRows - 1) edge.insert(l);
  return (region & edge).any() ? State::kOuterRegion : region.first() + 1;
}

// Whether building on `lot` keeps R8, by the references only.
bool keeps_r8_by_flood(const State& s, Lot lot) {
  const LotSet streets = s.streets();
  if (streets.count() < 2 || sole_access_lots(s.built(), streets).contains(lot)) return false;
  return !splits_streets_by_flood(streets, lot);
}

}  // namespace

TEST_CASE("the face split test agrees with the flood fill on over a million streets", "[streets][differential]") {
  long pairs = 0, splits = 0, positions = 0;
  for (int city = 0; city < kCities; ++city) {
    const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(city);
    State s(balanced_layout(seed));
    Rng rng(seed);
    while (true) {
      const LotSet streets = s.streets();
      const LotSet built = s.built();
      ++positions;
      for (Lot lot : streets) {
        const bool by_flood = splits_streets_by_flood(streets, lot);
        INFO("city " << city << ", " << built.count() << " built, street " << lot_name(lot));
        REQUIRE(splits_streets(s, lot) == by_flood);
        ++pairs;
        splits += by_flood;
      }
      for (Lot lot : built) REQUIRE(s.built_region(lot) == region_from_scratch(built, lot));
      const StreetSummary r8 = street_summary(s);
      const LotSet open = streets.count() < 2 ? LotSet{} : streets - sole_access_lots(built, streets);
      REQUIRE(r8.open == open);
      REQUIRE(r8.quick == (open & locally_simple_lots(streets)));
      const LotSet legal = street_legal_lots(s);
      REQUIRE(legal == street_legal_lots_by_flood(s));
      if (city % 10 == 0) REQUIRE(legal == open - articulation_points(streets));

      // Grow the city on a random street that keeps R8.
      LotSet choices;
      for (Lot lot : streets)
        if (keeps_r8_by_flood(s, lot)) choices.insert(lot);
      if (choices.empty()) break;
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(choices.count())));
      Lot chosen = kNoLot;
      for (Lot lot : choices)
        if (pick-- == 0) chosen = lot;
      s.place(chosen, static_cast<Piece>(rng.below(kPieceKinds)), std::nullopt);
      REQUIRE(streets_valid(s));
    }
  }
  INFO(positions << " positions");
  CHECK(pairs >= kMinimumPairs);
  // Both answers occur often: the test is not one-sided.
  CHECK(splits > pairs / 20);
  CHECK(splits < pairs / 2);
}

TEST_CASE("a street walled in by one built region splits the network", "[streets]") {
  // A ring of built lots round C3..D4 that reaches no edge: the streets
  // inside are a pocket whose only way out is through D5.
  State s(balanced_layout(1));
  for (const char* name : {"B2", "C2", "D2", "E2", "B3", "E3", "B4", "E4", "B5", "C5", "E5"})
    s.place(*parse_lot(name), Piece::BlackDome, std::nullopt);
  REQUIRE(streets_valid(s));
  CHECK(s.built_region(*parse_lot("B2")) == *parse_lot("B2") + 1);
  CHECK(s.built_region(*parse_lot("E5")) == *parse_lot("B2") + 1);
  CHECK(splits_streets(s, *parse_lot("D5")));
  // D6 is D5's only way on: the pocket hangs off it too.
  CHECK(splits_streets(s, *parse_lot("D6")));
  CHECK_FALSE(splits_streets(s, *parse_lot("C3")));
  CHECK_FALSE(splits_streets(s, *parse_lot("F4")));
  s.place(*parse_lot("A1"), Piece::BlackDome, std::nullopt);
  CHECK(s.built_region(*parse_lot("A1")) == State::kOuterRegion);
  // B2 touches A1 at a corner: the ring joins the outer region.
  CHECK(s.built_region(*parse_lot("E5")) == State::kOuterRegion);
  CHECK(splits_streets(s, *parse_lot("D5")));
}
