// Every colour the viewer draws with that is its own (the scene's colours
// come from the plugin): one definition for every panel, overlay, prompt
// and mode, so a colour changes in one place. Nowhere else in viewer/ is a
// colour written (tests/viewer/structure_test.py checks it).
#pragma once

#include <SFML/Graphics/Color.hpp>

namespace viewer {

// Text.
inline const sf::Color kText(0xe4, 0xe7, 0xee);        // body text on the dark panel
inline const sf::Color kDim(0x9a, 0xa0, 0xab);         // secondary text: labels, hints
inline const sf::Color kAccent(0xff, 0xd2, 0x3f);      // headings, the shown ply, cursors, the tour's task
inline const sf::Color kTitleText(0xff, 0xff, 0xff);       // the tour's step title
inline const sf::Color kTextOnAccent(0x10, 0x10, 0x10);  // text and marks on an accent cell
inline const sf::Color kDimOnAccent(0x30, 0x30, 0x30);   // a move number on an accent cell
inline const sf::Color kMeta(0xa8, 0xc4, 0xe0);        // light steel blue: the log's metadata, not the scene's
inline const sf::Color kNote(0xff, 0xe8, 0x9a);        // a ply's note in the record
inline const sf::Color kGood(0x9a, 0xd0, 0x8a);        // the review: a move that lost nothing
inline const sf::Color kAnswerRight(0x7c, 0xd9, 0x92);       // the tour: a right answer
inline const sf::Color kAnswerWrong(0xff, 0x8a, 0x80);       // the tour: a wrong answer
inline const sf::Color kVariation(0x8f, 0xc9, 0xff);   // the analysis board: a variation's moves
inline const sf::Color kProblem(0xff, 0x7a, 0x6e);     // the analysis board: what went wrong

// Surfaces.
inline const sf::Color kWindowBackground(0x23, 0x26, 0x2d);  // behind a scene without its own background
inline const sf::Color kPanelBox(0x1c, 0x1e, 0x24);          // opaque panels (the tour's, the analysis board's)
inline const sf::Color kBox(0x1c, 0x1e, 0x24, 0xf0);         // boxes over the board: tooltip, help, prompt
inline const sf::Color kBoxEdge(0x5a, 0x60, 0x6e);
inline const sf::Color kField(0x2c, 0x30, 0x3a);             // a text field being typed in
inline const sf::Color kRule(0x3a, 0x3e, 0x48);              // rules, frames, chips
inline const sf::Color kHighlight(0x3b, 0x41, 0x52);         // the row under the pointer
inline const sf::Color kChipOn(0x4a, 0x6a, 0x3a);            // a switched-on chip, the current node
inline const sf::Color kChipDisabled(0x2a, 0x2d, 0x34);
inline const sf::Color kZeroLine(0x7a, 0x80, 0x8c);          // the evaluation graph's zero
inline const sf::Color kEngineMarkerFill(24, 26, 36, 235);   // the engine's numbered discs
inline const sf::Color kEngineGold(255, 196, 0);             // their outlines: the engine's first choice,
inline const sf::Color kEngineSilver(200, 205, 215);         // its second,
inline const sf::Color kEngineBronze(215, 130, 60);          // its third

// The position editor.
inline const sf::Color kEditorBarFill(0x30, 0x34, 0x3e);
inline const sf::Color kEditorAccent(0xff, 0xb3, 0x47);  // orange: editing, not replaying
inline const sf::Color kEditorText(0xc9, 0xcd, 0xd6);
inline const sf::Color kEditorPickerFill(0x1b, 0x1d, 0x22);  // opaque: the move list showed through
inline const sf::Color kEditorChoice(0xf4, 0xf4, 0xf4);

// A tournament folder's grid.
inline const sf::Color kGridText(0xe6, 0xe8, 0xeb);
inline const sf::Color kGridNote(0xff, 0x9a, 0x8a);  // a board that cannot be shown
inline const sf::Color kFinished(0xc8, 0xcc, 0xd2);
inline const sf::Color kPlaying(0xff, 0xd7, 0x00);

// The review's move classes and the evaluation graph's seats, from the
// Okabe–Ito palette (told apart with any colour vision).
inline const sf::Color kInaccuracy(0xf0, 0xe4, 0x42);
inline const sf::Color kMistake(0xe6, 0x9f, 0x00);
inline const sf::Color kBlunder(0xff, 0x6a, 0x3d);
inline const sf::Color kSeatColours[] = {sf::Color(0x56, 0xb4, 0xe9), sf::Color(0xcc, 0x79, 0xa7),
                                         sf::Color(0x00, 0x9e, 0x73), sf::Color(0xf0, 0xe4, 0x42)};

}  // namespace viewer
