#include "colour_difference.h"

#include <cmath>

namespace viewer_test {

namespace {

double degrees(double r) { return r * 180 / M_PI; }
double radians(double d) { return d * M_PI / 180; }

}  // namespace

double linear(double c) {
  c /= 255;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

Vec3 lab(const Vec3& rgb) {
  const double x = 0.4124564 * rgb[0] + 0.3575761 * rgb[1] + 0.1804375 * rgb[2];
  const double y = 0.2126729 * rgb[0] + 0.7151522 * rgb[1] + 0.0721750 * rgb[2];
  const double z = 0.0193339 * rgb[0] + 0.1191920 * rgb[1] + 0.9503041 * rgb[2];
  auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
  const double fx = f(x / 0.95047), fy = f(y), fz = f(z / 1.08883);
  return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
}

double ciede2000(const Vec3& lab1, const Vec3& lab2) {
  const auto [l1, a1, b1] = lab1;
  const auto [l2, a2, b2] = lab2;
  const double c_bar = (std::hypot(a1, b1) + std::hypot(a2, b2)) / 2;
  const double pow25 = std::pow(25.0, 7);
  const double g = 0.5 * (1 - std::sqrt(std::pow(c_bar, 7) / (std::pow(c_bar, 7) + pow25)));
  const double a1p = (1 + g) * a1, a2p = (1 + g) * a2;
  const double c1p = std::hypot(a1p, b1), c2p = std::hypot(a2p, b2);
  auto hue = [](double b, double a) {
    if (a == 0 && b == 0) return 0.0;
    const double h = degrees(std::atan2(b, a));
    return h < 0 ? h + 360 : h;
  };
  const double h1p = hue(b1, a1p), h2p = hue(b2, a2p);
  const double dl = l2 - l1, dc = c2p - c1p;
  double dh = 0;
  if (c1p * c2p != 0) {
    dh = h2p - h1p;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const double d_h = 2 * std::sqrt(c1p * c2p) * std::sin(radians(dh / 2));
  const double l_bar = (l1 + l2) / 2, cp_bar = (c1p + c2p) / 2;
  double h_bar = h1p + h2p;
  if (c1p * c2p != 0) {
    if (std::abs(h1p - h2p) <= 180) h_bar = (h1p + h2p) / 2;
    else h_bar = (h1p + h2p + (h1p + h2p < 360 ? 360 : -360)) / 2;
  }
  const double t = 1 - 0.17 * std::cos(radians(h_bar - 30)) + 0.24 * std::cos(radians(2 * h_bar)) +
                   0.32 * std::cos(radians(3 * h_bar + 6)) - 0.20 * std::cos(radians(4 * h_bar - 63));
  const double d_theta = 30 * std::exp(-std::pow((h_bar - 275) / 25, 2));
  const double rc = 2 * std::sqrt(std::pow(cp_bar, 7) / (std::pow(cp_bar, 7) + pow25));
  const double sl = 1 + 0.015 * std::pow(l_bar - 50, 2) / std::sqrt(20 + std::pow(l_bar - 50, 2));
  const double sc = 1 + 0.045 * cp_bar, sh = 1 + 0.015 * cp_bar * t;
  const double rt = -std::sin(radians(2 * d_theta)) * rc;
  return std::sqrt(std::pow(dl / sl, 2) + std::pow(dc / sc, 2) + std::pow(d_h / sh, 2) +
                   rt * (dc / sc) * (d_h / sh));
}

Vec3 lab(sf::Color c) { return lab(Vec3{linear(c.r), linear(c.g), linear(c.b)}); }

}  // namespace viewer_test
