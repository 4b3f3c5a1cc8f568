#include "rules.h"

#include <bit>
#include <cassert>

#include "areas.h"
#include "chance.h"
#include "developments.h"
#include "stones.h"
#include "zones.h"

namespace city_planning {
namespace {

// C5: a new turn starts with its stones, or with the main decision when no
// stone can be placed at all.
void start_turn(State& s, Player p) {
  s.clear_placed();
  s.set_turn(Phase::Stones, p);
  const int goal = reachable_goal(s);
  s.set_stone_goal(goal);
  if (goal == 0) s.set_turn(Phase::Main, p);
}

void end_game(State& s) { s.set_turn(Phase::Over, s.to_move()); }

// The rest of the end of turn once any draw is done (C17), then the next turn.
void finish_turn(State& s) {
  s.set_counters(s.turn() + 1, s.passes());
  if ((s.face_up_count() == 0 && s.stack_size() == 0) || s.passes() >= 2 || s.turn() >= kMaxTurns) {
    end_game(s);
    return;
  }
  start_turn(s, other(s.to_move()));
}

int empty_slot(const State& s) {
  for (int i = 0; i < kFaceUpSlots; ++i)
    if (s.face_up()[i].tile == kNone) return i;
  return -1;
}

// C15, C16: after the turn's decision.
void end_main(State& s, Action::Kind kind) {
  s.set_counters(s.turn(), kind == Action::Kind::Pass ? s.passes() + 1 : 0);
  for (int i = 0; i < kFaceUpSlots; ++i)  // 6.1 first (C15)
    if (s.face_up()[i].tile != kNone) s.set_face_up(i, s.face_up()[i].tile, s.face_up()[i].stones + 1);
  if (kind == Action::Kind::Zone) {  // 6.2
    if (s.unseen_tiles() != 0) {
      s.set_turn(Phase::DrawTile, s.to_move());
      return;
    }
    if (s.returned_count() > 0) s.set_face_up(empty_slot(s), s.pop_returned(), 0);
  } else if (kind == Action::Kind::Develop) {  // 6.3
    if (s.bag_size() > 0) {
      s.set_turn(Phase::DrawCoin, s.to_move());
      return;
    }
    s.set_counters(s.turn() + 1, s.passes());  // a coin had to come from an empty bag (C17)
    end_game(s);
    return;
  }
  finish_turn(s);
}

std::optional<Error> check_chance(const State& s, const Action& a) {
  if (!is_chance(s))
    return Error{"C4", "ruling C4: " + std::string(s.is_over() ? "the game is over" : "no draw is pending")};
  const ChanceKind k = chance_kind(s);
  switch (a.kind) {
    case Action::Kind::RevealTile:
      if (k != ChanceKind::RevealTile) return Error{"C16", "ruling C16: no tile is to be turned up now"};
      if (a.piece < 0 || a.piece >= kTiles || !(s.unseen_tiles() >> a.piece & 1))
        return Error{"C16", "ruling C16: the tile turned up must be one of the stack's unseen tiles"};
      return std::nullopt;
    case Action::Kind::DrawCoin:
      if (k != ChanceKind::DrawCoin) return Error{"C16", "ruling C16: no coin is to be drawn now"};
      if (a.piece < 0 || a.piece >= kCoins || s.coin_place(a.piece) != CoinPlace::Bag)
        return Error{"C16", "ruling C16: the coin drawn must be in the bag"};
      return std::nullopt;
    default:
      if (k != ChanceKind::FirstPlayer) return Error{"C4", "ruling C4: the first player is chosen after the deal"};
      return std::nullopt;
  }
}

void append_stones(const State& s, std::vector<Action>& out) {
  for (Stone t : {Stone::Population, Stone::Resource})
    for (Point p : legal_stone_points(s, t)) out.push_back(Action::place_stone(t, p));
}

// Calls f(action) for every legal main decision, in id order. The area
// counts of every block come from one pass over the board (areas.h); the
// plain spot-by-spot version is kept as reference::legal_actions.
template <class F>
void for_each_main(const State& s, F&& f) {
  f(Action::pass());
  const Areas areas(s);
  // Zones: C7 (touching centres), C9 (a stone left), C8, C12's orders.
  // One pass over the centres fills each face-up tile's set; the sets are
  // then listed tile by tile (id order).
  std::array<Tile, kFaceUpSlots> tiles{};
  std::array<Suit, kFaceUpSlots> suits{};
  std::array<int, kFaceUpSlots> values{};
  int n_tiles = 0;
  for (Tile t = 0; t < kTiles; ++t)
    if (s.face_up_slot(t) >= 0) suits[n_tiles] = suit_of(t), values[n_tiles] = value_of(t), tiles[n_tiles++] = t;
  std::array<PointSet, kFaceUpSlots> fits{};
  std::array<std::uint8_t, kPoints> orders;  // set for the centres some tile fits
  if (n_tiles > 0) {
    const int stones = s.stone_count();
    touching_centres(s).for_each([&](Point c) {
      if (areas.stones_around(c) >= stones) return;  // C9
      for (int i = 0; i < n_tiles; ++i) fits[i].insert_if(c, areas.zone_values_met(suits[i], c) >> values[i] & 1);
    });
    (fits[0] | fits[1] | fits[2]).for_each([&](Point c) {
      orders[c] = static_cast<std::uint8_t>(return_order_count(overlapped_zones(s, c)));
    });
  }
  for (int i = 0; i < n_tiles; ++i)
    fits[i].for_each([&](Point c) {
      for (int o = 0; o < orders[c]; ++o) f(Action::place_zone(tiles[i], c, o));
    });
  // Developments: C13 points by suit, then C14 Zones.
  const PieceMask hand = s.hand(s.to_move());
  if (hand == 0) return;
  const PointSet candidates = development_candidates(s);
  int suits_in_hand = 0;
  for (PieceMask m = hand; m; m &= m - 1) suits_in_hand |= 1 << static_cast<int>(suit_of(std::countr_zero(m)));
  const std::array<PointSet, kSuits> points = unincorporated_points(areas, candidates, suits_in_hand);
  for (PieceMask m = hand; m; m &= m - 1) {
    const Coin c = std::countr_zero(m);
    points[static_cast<int>(suit_of(c))].for_each([&](Point p) { f(Action::develop_at(c, p)); });
  }
  for (PieceMask m = hand; m; m &= m - 1) {
    const Coin c = std::countr_zero(m);
    for (PieceMask z = s.zones(); z; z &= z - 1) {
      const Tile t = std::countr_zero(z);
      if (suit_of(t) == suit_of(c) && zone_open(s, t)) f(Action::develop_on(c, t));
    }
  }
}

}  // namespace

int action_id(const Action& a) {
  switch (a.kind) {
    case Action::Kind::Stone: return (a.stone == Stone::Population ? 0 : kPoints) + a.point;
    case Action::Kind::Pass: return kPassId;
    case Action::Kind::Zone:
      return kZoneBase + (a.piece * kSpots + spot_of_center(a.point)) * kMaxReturnOrders + a.order;
    case Action::Kind::Develop:
      return a.zone == kNone ? kDevelopPointBase + a.piece * kPoints + a.point
                             : kDevelopZoneBase + a.piece * kTiles + a.zone;
    case Action::Kind::RevealTile: return kRevealBase + a.piece;
    case Action::Kind::DrawCoin: return kDrawBase + a.piece;
    case Action::Kind::FirstPlayer: return kFirstBase + index_of(a.player);
  }
  return -1;
}

std::optional<Action> action_from_id(int id) {
  if (id < 0 || id >= kActionIds) return std::nullopt;
  if (id < kPassId) return Action::place_stone(id < kPoints ? Stone::Population : Stone::Resource, id % kPoints);
  if (id == kPassId) return Action::pass();
  if (id < kDevelopPointBase) {
    const int z = id - kZoneBase;
    const int order = z % kMaxReturnOrders, rest = z / kMaxReturnOrders;
    return Action::place_zone(rest / kSpots, center_of_spot(rest % kSpots), order);
  }
  if (id < kDevelopZoneBase) {
    const int d = id - kDevelopPointBase;
    return Action::develop_at(d / kPoints, d % kPoints);
  }
  if (id < kRevealBase) {
    const int d = id - kDevelopZoneBase;
    return Action::develop_on(d / kTiles, d % kTiles);
  }
  if (id < kDrawBase) return Action::reveal_tile(id - kRevealBase);
  if (id < kFirstBase) return Action::draw_coin(id - kDrawBase);
  return Action::first_player(id == kFirstBase ? Player::A : Player::B);
}

bool is_chance(const State& s) {
  return s.phase() == Phase::Setup || s.phase() == Phase::DrawTile || s.phase() == Phase::DrawCoin;
}

std::optional<Player> player_to_decide(const State& s) {
  if (s.phase() == Phase::Stones || s.phase() == Phase::Main) return s.to_move();
  return std::nullopt;
}

std::vector<Action> legal_actions(const State& s) {
  std::vector<Action> out;
  out.reserve(128);  // most decisions have fewer; one allocation instead of eight
  switch (s.phase()) {
    case Phase::Over: break;
    case Phase::Stones: append_stones(s, out); break;
    case Phase::Main: for_each_main(s, [&](const Action& a) { out.push_back(a); }); break;
    default:
      for (const ChanceOutcome& o : chance_outcomes(s)) out.push_back(o.action);
  }
  return out;
}

int count_legal_actions(const State& s) {
  switch (s.phase()) {
    case Phase::Over: return 0;
    case Phase::Stones:
      return legal_stone_points(s, Stone::Population).count() + legal_stone_points(s, Stone::Resource).count();
    case Phase::Main: {
      int n = 0;
      for_each_main(s, [&](const Action&) { ++n; });
      return n;
    }
    default: return static_cast<int>(chance_outcomes(s).size());
  }
}

std::optional<Error> check_action(const State& s, const Action& a) {
  if (s.is_over()) return Error{"C17", "ruling C17: the game is over"};
  if (a.is_chance()) return check_chance(s, a);
  if (is_chance(s)) return Error{"C4", "ruling C4: a draw is pending; chance decides next"};
  switch (a.kind) {
    case Action::Kind::Stone: return why_not_stone(s, a.stone, a.point);
    case Action::Kind::Zone: return why_not_zone(s, a.piece, a.point, a.order);
    case Action::Kind::Develop: return why_not_development(s, a.piece, a.zone == kNone ? a.point : kNoPoint, a.zone);
    default:
      if (s.phase() != Phase::Main)
        return Error{"C6", "ruling C6: passing is the turn's decision, taken after the stones"};
      return std::nullopt;
  }
}

std::optional<Error> apply_action(State& s, const Action& a, ScoreEvents* events) {
  if (auto err = check_action(s, a)) return err;
  apply_unchecked(s, a, events);
  return std::nullopt;
}

void apply_unchecked(State& s, const Action& a, ScoreEvents* events) {
  assert(!check_action(s, a));
  switch (a.kind) {
    case Action::Kind::Stone:
      s.put_stone(a.point, a.stone);
      s.push_placed(a.stone);
      if (option_complete(s) || (s.stone_goal() != kCompleteGoal && s.stones_placed() == s.stone_goal())) {
        s.set_turn(Phase::Main, s.to_move());
        s.set_stone_goal(0);
      }
      break;
    case Action::Kind::Zone:
      place_zone(s, a.piece, a.point, a.order, events);
      end_main(s, a.kind);
      break;
    case Action::Kind::Develop:
      if (a.zone == kNone) place_unincorporated(s, a.piece, a.point, events);
      else place_zoned(s, a.piece, a.zone, events);
      end_main(s, a.kind);
      break;
    case Action::Kind::Pass: end_main(s, a.kind); break;
    case Action::Kind::RevealTile: {
      s.set_unseen(s.unseen_tiles() & ~(PieceMask{1} << a.piece));
      s.set_face_up(empty_slot(s), a.piece, 0);
      if (s.phase() == Phase::DrawTile) finish_turn(s);
      break;
    }
    case Action::Kind::DrawCoin:
      s.move_coin(a.piece, hand_place(coin_recipient(s)));
      if (s.phase() == Phase::DrawCoin) finish_turn(s);
      break;
    case Action::Kind::FirstPlayer: start_turn(s, a.player); break;
  }
  assert(s.stone_count() >= 1);
}

EndReason end_reason(const State& s) {
  if (!s.is_over()) return EndReason::NotOver;
  if (s.bag_size() == 0 && s.hand_size(s.to_move()) < kHandSize) return EndReason::EmptyBag;
  if (s.face_up_count() == 0 && s.stack_size() == 0) return EndReason::NoTiles;
  if (s.passes() >= 2) return EndReason::BothPassed;
  return EndReason::TurnLimit;
}

}  // namespace city_planning
