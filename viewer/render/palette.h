// Every colour the viewer draws with that is its own (the scene's colours
// come from the plugin): one definition for every panel, overlay, prompt
// and mode, so a colour changes in one place.
#pragma once

#include <SFML/Graphics/Color.hpp>

namespace viewer {

inline const sf::Color kText(0xe4, 0xe7, 0xee);    // body text on the dark panel
inline const sf::Color kDim(0x9a, 0xa0, 0xab);     // secondary text: labels, hints
inline const sf::Color kAccent(0xff, 0xd2, 0x3f);  // headings, the shown ply, the cursor

// The review's move classes, from the Okabe–Ito palette (told apart with
// any colour vision).
inline const sf::Color kInaccuracy(0xf0, 0xe4, 0x42);
inline const sf::Color kMistake(0xe6, 0x9f, 0x00);
inline const sf::Color kBlunder(0xff, 0x6a, 0x3d);

}  // namespace viewer
