#include "serialize.h"

#include <bit>

#include "invariants.h"
#include "rules.h"
#include "stones.h"

namespace city_planning {
namespace {

constexpr char kVersion = 1;
constexpr std::size_t kStateSize = 3 + kPoints + 2 * kTiles + 3 * 3 + 1 + kCoins + 8 + 2 + 1 + 1 + 1 + 1 + 3;

Error bad(const std::string& why) { return Error{"state", "bad City Planning state bytes: " + why}; }

void put16(std::string& out, int v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>((v >> 8) & 0xFF);
}
void put32(std::string& out, int v) {
  const auto u = static_cast<std::uint32_t>(v);
  for (int i = 0; i < 4; ++i) out += static_cast<char>((u >> (8 * i)) & 0xFF);
}

std::string write(const State& s, bool observation, std::optional<Player> viewer) {
  std::string out;
  out.reserve(kStateSize + 8);
  out += 'C';
  out += observation ? 'O' : 'P';
  out += kVersion;
  for (Point p = 0; p < kPoints; ++p) {
    int b = 0;
    if (auto st = s.stone_at(p)) b = 1 + static_cast<int>(*st);
    if (s.coin_at(p) != kNone) b = 3 + s.coin_at(p);
    out += static_cast<char>(b);
  }
  for (Tile t = 0; t < kTiles; ++t) put16(out, s.zone_on_board(t) ? s.zone_center(t) : 0xFFFF);
  for (const FaceUp& f : s.face_up()) {
    out += static_cast<char>(f.tile + 1);
    put16(out, f.stones);
  }
  out += static_cast<char>(s.returned_count());
  for (int i = 0; i < s.returned_count(); ++i) out += static_cast<char>(s.returned(i));
  for (Coin c = 0; c < kCoins; ++c) {
    int b = 0;
    switch (s.coin_place(c)) {
      case CoinPlace::Bag: b = 0; break;
      case CoinPlace::HandA: b = 1; break;
      case CoinPlace::HandB: b = 2; break;
      case CoinPlace::Point: b = 3; break;
      case CoinPlace::Removed: b = 4; break;
      case CoinPlace::Zone: b = 8 + s.coin_where(c); break;
    }
    if (viewer && (b == 0 || (b == 1 && *viewer != Player::A) || (b == 2 && *viewer != Player::B))) b = 5;
    out += static_cast<char>(b);
  }
  put32(out, s.score(Player::A));
  put32(out, s.score(Player::B));
  put16(out, s.turn());
  out += static_cast<char>(s.passes());
  out += static_cast<char>(s.to_move());
  out += static_cast<char>(s.phase());
  out += static_cast<char>(s.stones_placed());
  for (int i = 0; i < 3; ++i) out += static_cast<char>(i < s.stones_placed() ? static_cast<int>(s.placed_stone(i)) : 0);
  if (observation) {
    out += static_cast<char>(viewer ? index_of(*viewer) : 2);
    out += static_cast<char>(s.hand_size(Player::A));
    out += static_cast<char>(s.hand_size(Player::B));
    out += static_cast<char>(s.bag_size());
  }
  return out;
}

}  // namespace

std::string serialize(const State& s) { return write(s, false, std::nullopt); }

std::string serialize_observation(const State& s, std::optional<Player> viewer) {
  return write(s, true, viewer);
}

Expected<State> deserialize(std::string_view bytes) {
  auto at = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
  if (bytes.size() < 3 || bytes[0] != 'C' || bytes[1] != 'P') return bad("wrong magic");
  if (bytes[2] != kVersion) return bad("unknown version " + std::to_string(at(2)));
  std::size_t i = 3;
  // Variable part: the returned list.
  const std::size_t fixed_before_returned = 3 + kPoints + 2 * kTiles + 9;
  if (bytes.size() < fixed_before_returned + 1) return bad("too short");
  const int returned_n = at(fixed_before_returned);
  if (returned_n > kTiles) return bad("returned count");
  if (bytes.size() != kStateSize + static_cast<std::size_t>(returned_n))
    return bad("expected " + std::to_string(kStateSize + returned_n) + " bytes, got " + std::to_string(bytes.size()));

  State s;
  for (Point p : kStartPopulation) s.remove_stone(p);
  for (Point p : kStartResources) s.remove_stone(p);
  std::array<int, kPoints> point_byte{};
  for (Point p = 0; p < kPoints; ++p, ++i) {
    point_byte[p] = at(i);
    if (point_byte[p] > 2 + kCoins) return bad("point " + point_name(p));
  }
  PieceMask tiles = 0;
  for (Tile t = 0; t < kTiles; ++t, i += 2) {
    const int c = at(i) | at(i + 1) << 8;
    if (c == 0xFFFF) continue;
    if (c >= kPoints || spot_of_center(c) == kNoSpot) return bad("Zone centre of " + piece_name(t));
    for (Point p : zone_points(c))
      if (!s.is_empty(p) || point_byte[p] != 0) return bad("Zone " + piece_name(t) + " overlaps a piece");
    s.put_zone(t, c);
    tiles |= PieceMask{1} << t;
  }
  for (Point p = 0; p < kPoints; ++p) {
    if (point_byte[p] == 1 || point_byte[p] == 2) s.put_stone(p, static_cast<Stone>(point_byte[p] - 1));
  }
  for (int slot = 0; slot < kFaceUpSlots; ++slot, i += 3) {
    const int t = at(i) - 1, stones = at(i + 1) | at(i + 2) << 8;
    if (t < -1 || t >= kTiles) return bad("face-up tile");
    if (t >= 0) {
      if (tiles >> t & 1) return bad("tile " + piece_name(t) + " twice");
      tiles |= PieceMask{1} << t;
    } else if (stones) {
      return bad("stones on an empty slot");
    }
    s.set_face_up(slot, t, stones);
  }
  ++i;  // returned count
  for (int k = 0; k < returned_n; ++k, ++i) {
    const int t = at(i);
    if (t >= kTiles || (tiles >> t & 1)) return bad("returned tile");
    tiles |= PieceMask{1} << t;
    s.push_returned(t);
  }
  s.set_unseen(kAllPieces & ~tiles);
  for (Coin c = 0; c < kCoins; ++c, ++i) {
    const int b = at(i);
    if (b == 0) continue;
    if (b == 1 || b == 2) {
      s.move_coin(c, b == 1 ? CoinPlace::HandA : CoinPlace::HandB);
    } else if (b == 3) {
      Point p = kNoPoint;
      for (Point q = 0; q < kPoints; ++q)
        if (point_byte[q] == 3 + c) p = q;
      if (p == kNoPoint || !s.is_empty(p)) return bad("coin " + piece_name(c) + " on no point");
      s.move_coin(c, CoinPlace::Point, p);
    } else if (b == 4) {
      s.move_coin(c, CoinPlace::Removed);
    } else if (b >= 8 && b < 8 + kTiles && s.zone_on_board(b - 8)) {
      s.move_coin(c, CoinPlace::Zone, b - 8);
    } else {
      return bad("coin " + piece_name(c));
    }
  }
  for (Point p = 0; p < kPoints; ++p)
    if (point_byte[p] >= 3 && s.coin_at(p) != point_byte[p] - 3) return bad("point " + point_name(p));
  auto get32 = [&](std::size_t j) {
    return static_cast<int>(static_cast<std::uint32_t>(at(j)) | static_cast<std::uint32_t>(at(j + 1)) << 8 |
                            static_cast<std::uint32_t>(at(j + 2)) << 16 | static_cast<std::uint32_t>(at(j + 3)) << 24);
  };
  s.set_score(Player::A, get32(i));
  s.set_score(Player::B, get32(i + 4));
  i += 8;
  const int turn = at(i) | at(i + 1) << 8, passes = at(i + 2), player = at(i + 3), phase = at(i + 4),
            placed = at(i + 5);
  if (turn > kMaxTurns || passes > 2 || player > 1 || phase >= kPhases || placed > 3) return bad("turn");
  s.set_counters(turn, passes);
  s.set_turn(static_cast<Phase>(phase), static_cast<Player>(player));
  for (int k = 0; k < placed; ++k) {
    if (at(i + 6 + k) > 1) return bad("placed stone");
    s.push_placed(static_cast<Stone>(at(i + 6 + k)));
  }
  for (int k = placed; k < 3; ++k)
    if (at(i + 6 + k) != 0) return bad("placed stone padding");
  if (s.phase() == Phase::Stones) s.set_stone_goal(reachable_goal(s));
  if (auto why = invariant_violation(s)) return bad(*why);
  return s;
}

}  // namespace city_planning
