// A position of City Planning: stones, unincorporated Developments and Zones
// on the board, the Developments on each Zone, the face-up tiles with their
// waiting stones, the stack, the bag, both hands, scores and whose turn it is.
//
// State is a plain value (about 2.3 KB, trivially copyable): search, replay
// and the viewer copy it freely. It keeps the stone-neighbour counts and a few
// point sets up to date so the stone rule (C5) never scans the board.
// Mutators only record facts; legality and turn order live in rules.h.
//
// The stack's order is never stored (C4): its unseen part is a set, and
// turning up a tile is a chance event uniform over that set, which is the
// same as a shuffle drawn lazily. Tiles returned under the stack by rezoning
// (C12) were seen by both players and keep their order, below the unseen
// part. The bag is likewise a set.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "board.h"
#include "pieces.h"

namespace city_planning {

// Set/Main/...: whose decision comes next (C5, C6, C15-C17).
//   Setup    chance: turn up the three tiles, deal three coins to A then B,
//            then choose the first player (C4).
//   Stones   the mover places one stone (C5).
//   Main     the mover places a Zone or a Development, or passes (C6).
//   DrawTile chance: turn up a tile from the stack's unseen part (C16).
//   DrawCoin chance: the mover draws a coin from the bag (C16).
//   Over     the game has ended (C17).
enum class Phase : std::uint8_t { Setup, Stones, Main, DrawTile, DrawCoin, Over };
inline constexpr int kPhases = 6;

// Where a coin is.
enum class CoinPlace : std::uint8_t { Bag, HandA, HandB, Point, Zone, Removed };
inline constexpr int kCoinPlaces = 6;
constexpr CoinPlace hand_place(Player p) { return p == Player::A ? CoinPlace::HandA : CoinPlace::HandB; }

// A face-up tile beside the board and the stones waiting on it (rule 6.1).
struct FaceUp {
  std::int8_t tile = kNone;
  std::uint16_t stones = 0;
  friend bool operator==(const FaceUp&, const FaceUp&) = default;
};
inline constexpr int kFaceUpSlots = 3;
inline constexpr int kHandSize = 3;

using PieceMask = std::uint32_t;  // bit i = tile or coin i

class State {
 public:
  // Before setup: the starting cross (C3), every tile in the stack, every
  // coin in the bag, phase Setup.
  State();

  // --- The board ---------------------------------------------------------
  std::optional<Stone> stone_at(Point p) const {
    return stone_[p] ? std::optional<Stone>(static_cast<Stone>(stone_[p] - 1)) : std::nullopt;
  }
  // The unincorporated Development on p, or kNone.
  Coin coin_at(Point p) const { return point_coin_[p]; }
  // The Zone covering p, or kNone.
  Tile zone_at(Point p) const { return point_zone_[p]; }
  // C2: no stone, no Development, no Zone.
  bool is_empty(Point p) const { return empty_.contains(p); }
  const PointSet& empty_points() const { return empty_; }
  const PointSet& stones() const { return stones_; }
  int stone_count() const { return stones_.count(); }
  int population_neighbours(Point p) const { return pop_n_[p]; }
  int resource_neighbours(Point p) const { return res_n_[p]; }
  // Points where a stone of the kind may go now by C5's point rule alone.
  PointSet resource_points() const { return empty_ & near_; }
  PointSet population_points() const { return empty_ & near_ & crowd_ok_; }
  PointSet stone_points(Stone s) const {
    return s == Stone::Population ? population_points() : resource_points();
  }

  // --- Zones on the board ------------------------------------------------
  Point zone_center(Tile t) const { return tile_center_[t]; }
  bool zone_on_board(Tile t) const { return tile_center_[t] != kNoPoint; }
  PieceMask zones() const { return zones_; }
  PieceMask developments_on(Tile zone) const;
  int developed_value(Tile zone) const;
  // The highest Development value on the Zone, or -1 when it has none.
  int best_development(Tile zone) const;

  // --- Tiles off the board -----------------------------------------------
  const std::array<FaceUp, kFaceUpSlots>& face_up() const { return face_up_; }
  int face_up_count() const;
  // The slot holding tile t face up, or -1.
  int face_up_slot(Tile t) const;
  PieceMask unseen_tiles() const { return unseen_; }
  // The stack below its unseen part: tiles returned by rezoning, top first.
  int returned_count() const { return returned_n_; }
  Tile returned(int i) const { return returned_[i]; }
  int stack_size() const;

  // --- Coins ---------------------------------------------------------------
  CoinPlace coin_place(Coin c) const { return coin_place_[c]; }
  // For coins on a point: the point; on a Zone: the Zone's tile.
  int coin_where(Coin c) const { return coin_where_[c]; }
  PieceMask coins_in(CoinPlace place) const { return coins_in_[static_cast<int>(place)]; }
  PieceMask hand(Player p) const { return coins_in(hand_place(p)); }
  int hand_size(Player p) const;
  int bag_size() const;

  // --- Turn and score ------------------------------------------------------
  Phase phase() const { return phase_; }
  bool is_over() const { return phase_ == Phase::Over; }
  // The player whose turn it is (during Setup: A, meaningless).
  Player to_move() const { return to_move_; }
  // Turns completed so far (C17's bound counts these).
  int turn() const { return turn_; }
  // Consecutive turns, up to the last one, that ended with a pass (C17).
  int passes() const { return passes_; }
  // The stones placed so far this turn, in order (C5).
  int stones_placed() const { return placed_n_; }
  Stone placed_stone(int i) const { return placed_[i]; }
  // C5, during the stone phase: the number of stones this turn must reach,
  // or kCompleteGoal when an option can be completed; 0 in other phases.
  // Derived from the position (stones.h).
  int stone_goal() const { return goal_; }
  int score(Player p) const { return score_[index_of(p)]; }
  std::array<int, 2> scores() const { return score_; }

  // --- Recording facts (no legality checks) ----------------------------------
  void put_stone(Point p, Stone s);   // p must be empty
  void remove_stone(Point p);         // p must hold a stone
  // Moves a coin: to a point (unincorporated, the point must be empty), onto
  // the Zone of tile `where`, or to the bag, a hand, or out of the game.
  void move_coin(Coin c, CoinPlace to, int where = kNone);
  void put_zone(Tile t, Point center);  // its 9 points must be empty
  void remove_zone(Tile t);             // its points become empty
  void set_face_up(int slot, Tile t, int stones) {
    face_up_[slot] = FaceUp{static_cast<std::int8_t>(t), static_cast<std::uint16_t>(stones)};
  }
  void set_unseen(PieceMask tiles) { unseen_ = tiles; }
  void push_returned(Tile t) { returned_[returned_n_++] = static_cast<std::int8_t>(t); }
  Tile pop_returned();
  void set_score(Player p, int v) { score_[index_of(p)] = v; }
  void add_score(Player p, int v) { score_[index_of(p)] += v; }
  void set_turn(Phase phase, Player to_move) {
    phase_ = phase;
    to_move_ = to_move;
  }
  void set_counters(int turn, int passes) {
    turn_ = static_cast<std::uint16_t>(turn);
    passes_ = static_cast<std::uint8_t>(passes);
  }
  void clear_placed() {
    placed_n_ = 0;
    placed_ = {};
  }
  void push_placed(Stone s) { placed_[placed_n_++] = s; }
  void set_stone_goal(int g) { goal_ = static_cast<std::int8_t>(g); }

  friend bool operator==(const State&, const State&) = default;

 private:
  void refresh(Point p);

  // stone_: 0 none, 1 Population, 2 Resource.
  std::array<std::uint8_t, kPoints> stone_{};
  std::array<std::uint8_t, kPoints> pop_n_{}, res_n_{};
  std::array<std::int8_t, kPoints> point_coin_{};
  std::array<std::int8_t, kPoints> point_zone_{};
  PointSet stones_, empty_, near_, crowd_ok_;

  std::array<std::int16_t, kTiles> tile_center_{};
  PieceMask zones_ = 0;
  std::array<FaceUp, kFaceUpSlots> face_up_{};
  PieceMask unseen_ = 0;
  std::array<std::int8_t, kTiles> returned_{};
  int returned_n_ = 0;

  std::array<CoinPlace, kCoins> coin_place_{};
  std::array<PieceMask, kCoinPlaces> coins_in_{};  // by place: the coins there
  std::array<std::int16_t, kCoins> coin_where_{};

  std::array<int, 2> score_{};
  Phase phase_ = Phase::Setup;
  Player to_move_ = Player::A;
  std::uint16_t turn_ = 0;
  std::uint8_t passes_ = 0;
  std::uint8_t placed_n_ = 0;
  std::array<Stone, 3> placed_{};
  std::int8_t goal_ = 0;
};

// The starting cross (C3): Population on K9, K10, K11; Resources on J10, L10.
inline constexpr std::array<Point, 3> kStartPopulation = {point_at(9, 8), point_at(9, 9), point_at(9, 10)};
inline constexpr std::array<Point, 2> kStartResources = {point_at(8, 9), point_at(10, 9)};
inline constexpr PieceMask kAllPieces = (PieceMask{1} << kTiles) - 1;

}  // namespace city_planning
