// The panel's text colours, one definition for every panel and overlay.
#pragma once

#include <SFML/Graphics/Color.hpp>

namespace viewer {

inline const sf::Color kText(0xe4, 0xe7, 0xee);  // body text on the dark panel
inline const sf::Color kDim(0x9a, 0xa0, 0xab);   // secondary text: labels, hints

}  // namespace viewer
