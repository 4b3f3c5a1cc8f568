// Colour difference for the pixel tests: sRGB to CIELAB and CIEDE2000 as
// given by Sharma, Wu & Dalal, "The CIEDE2000 Color-Difference Formula:
// Implementation Notes, Supplementary Test Data, and Mathematical
// Observations", Color Research & Application 30(1), 2005 (checked in
// colour_vision_test.cc against rows of its test data).
#pragma once

#include <SFML/Graphics/Color.hpp>

#include <array>

namespace viewer_test {

using Vec3 = std::array<double, 3>;

// An sRGB channel (0..255) to linear light (0..1).
double linear(double c);
// Linear sRGB -> CIELAB (D65 white).
Vec3 lab(const Vec3& rgb);
// An sRGB pixel -> CIELAB.
Vec3 lab(sf::Color c);
// CIEDE2000 (kL = kC = kH = 1), Sharma et al. 2005, equations (1)-(22).
double ciede2000(const Vec3& lab1, const Vec3& lab2);

}  // namespace viewer_test
