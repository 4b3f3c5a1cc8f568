// City Planning's terminal board (docs/gamehost.md, "The terminal board"):
// the diagram's header lines (the other hand as '?' when a seat looks), then
// the points with Population O and Resources X, Zones and Developments
// tinted by suit, and the points the last move changed between brackets.
#include "gamehost/kit/terminal_board.h"

#include "city_planning/core/diagram.h"
#include "game_adapter.h"

namespace city_planning::plugin {
namespace {

using gamehost::kit::Glyph;
using gamehost::kit::Style;

pb::Tint tint_of(Suit suit) {
  switch (suit) {
    case Suit::Crowns: return pb::TINT_GREEN;   // Residential
    case Suit::Suns: return pb::TINT_YELLOW;    // Agricultural
    case Suit::Moons: return pb::TINT_CYAN;     // Commercial
    default: return pb::TINT_MAGENTA;           // Arms: Industrial
  }
}

Style style_of(const State& s, Point p, const std::string& text) {
  if (text == "O") return {pb::TINT_WHITE, true};
  if (text == "X") return {pb::TINT_GREY, true};
  if (s.zone_at(p) != kNone) return {tint_of(suit_of(s.zone_at(p)))};
  if (s.coin_at(p) != kNone) return {tint_of(suit_of(s.coin_at(p))), true, true};
  return {};
}

void legend(gamehost::kit::StyledWriter w) {
  w.add("Legend: ").add("O", {pb::TINT_WHITE, true}).add(" Population, ").add("X", {pb::TINT_GREY, true});
  w.add(" Resource, M3 a point of Zone M3, m4 Development M4 unincorporated; suits ");
  w.add("C", {pb::TINT_GREEN}).add(" Residential ").add("S", {pb::TINT_YELLOW}).add(" Agricultural ");
  w.add("M", {pb::TINT_CYAN}).add(" Commercial ").add("A", {pb::TINT_MAGENTA}).add(" Industrial; ");
  w.add("[ ]", {pb::TINT_YELLOW, true}).add(" the last move\n");
}

}  // namespace

void draw_board(const State& s, const State* before, std::optional<int> seat, pb::TerminalBoard& out) {
  gamehost::kit::StyledWriter w(*out.mutable_board());
  // The grid is public; only the hands differ by viewer (C19).
  // Seat -1: what every seat sees (spectators), both hands hidden.
  const bool spectator = seat && *seat < 0;
  w.add(diagram_header(s, seat && !spectator ? std::optional<Player>(player_of_seat(*seat)) : std::nullopt, spectator));
  gamehost::kit::Grid grid;
  for (int c = 0; c < kSize; ++c) grid.columns.emplace_back(1, column_letter(c));
  grid.rows = kSize;
  grid.cell_width = 2;
  grid.cell = [&](int col, int row) {
    const Point p = point_at(col, row);
    std::string text = diagram_cell(s, p);
    const Style style = style_of(s, p, text);
    return std::vector<Glyph>{{std::move(text), style}};
  };
  if (before)
    grid.marked = [&](int col, int row) {
      const Point p = point_at(col, row);
      return diagram_cell(*before, p) != diagram_cell(s, p);
    };
  gamehost::kit::draw_grid(w, grid);
  legend(gamehost::kit::StyledWriter(*out.mutable_legend()));
}

}  // namespace city_planning::plugin
