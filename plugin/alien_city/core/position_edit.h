// The board editor's edits (docs/diagram.md, "The board editor"): small
// changes to a position that need not follow the rules of building, each
// with a stable id, for the viewer's editor (GameInfo.edits_line,
// ViewOptions.edit). The result is always a position the diagram reader
// takes: the turn is kept when it stays possible, else the reader's default.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "expected.h"
#include "state.h"

namespace alien_city {

// Edit ids. Lot edits are kind x 80 + lot; the others follow them.
enum class LotEdit : int {
  Empty = 0,         // nothing on the lot
  Piece = 1,         // 1..7: that piece (RT BT GT RD BD GD KD), any cap removed
  CapWhite = 8,
  CapBlack = 9,
  NoCap = 10,
  TileColour = 11,   // 11..14: the lot's whole tile red, blue, green, black
  Icon = 15,         // the lot is its tile's icon lot
};
inline constexpr int kLotEditKinds = 16;
inline constexpr int kTurnEdits = kLotEditKinds * kLots;  // + 0..4: White build, Black build,
                                                          //   White claim, Black claim, over
inline constexpr int kSupplyEdits = kTurnEdits + 10;      // + player x 16 + item x 2 + (1: one more)
                                                          //   items RT BT GT RD BD GD KD caps
inline constexpr int kClearCity = kSupplyEdits + 40;      // every structure off, supplies full
inline constexpr int kEmptySupplies = kClearCity + 1;     // both supplies empty
inline constexpr int kLayoutEdits = kClearCity + 10;      // + 1..9: the balanced layout of that seed
inline constexpr int kEditBound = kLayoutEdits + 10;

constexpr int lot_edit(LotEdit kind, Lot lot, int offset = 0) { return (static_cast<int>(kind) + offset) * kLots + lot; }

struct EditChoice {
  int id = 0;
  std::string label;  // for the picker, e.g. "red tower", "tile: blue"
};

// What a click on `lot` can change, in picker order.
std::vector<EditChoice> lot_edits(const State& s, Lot lot);
// The editor's strip: the turn, each player's supply, the city.
std::vector<EditChoice> turn_edits(const State& s);
std::vector<EditChoice> supply_edits(const State& s, Player p);
std::vector<EditChoice> city_edits();

// `s` changed by edit `id`; an error says why the edit cannot be made
// (an unknown id, a fourth cap, a turn the position does not allow).
Expected<State> apply_edit(const State& s, int id);
// Comma-separated ids applied in order ("" changes nothing).
Expected<State> apply_edits(const State& s, const std::string& ids);

// A diagram may end with lines "edits: IDS" (docs/diagram.md, "The board
// editor"): the text without them, their ids joined into `ids`.
inline constexpr std::string_view kEditsLine = "edits:";
std::string without_edits_lines(const std::string& text, std::string& ids);

}  // namespace alien_city
