#include "gamehost/play/elo.h"

#include <algorithm>
#include <cmath>

namespace gamehost {

namespace {

constexpr double kEloScale = 2.302585092994046 / 400.0;  // ln(10) / 400

// Solves A x = b in place (Gaussian elimination with partial pivoting).
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b) {
  const std::size_t n = b.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t p = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[p][c])) p = r;
    std::swap(a[c], a[p]);
    std::swap(b[c], b[p]);
    for (std::size_t r = c + 1; r < n; ++r) {
      const double f = a[r][c] / a[c][c];
      for (std::size_t k = c; k < n; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  std::vector<double> x(n);
  for (std::size_t i = n; i-- > 0;) {
    double s = b[i];
    for (std::size_t k = i + 1; k < n; ++k) s -= a[i][k] * x[k];
    x[i] = s / a[i][i];
  }
  return x;
}

// Every agent can reach every other through "scored at least something
// against" edges: then, and only then, the likelihood has a finite maximum.
bool strongly_connected(const std::vector<std::vector<double>>& games, const std::vector<std::vector<double>>& score) {
  const std::size_t n = games.size();
  for (int dir = 0; dir < 2; ++dir) {
    std::vector<bool> seen(n);
    std::vector<std::size_t> stack{0};
    seen[0] = true;
    while (!stack.empty()) {
      const std::size_t i = stack.back();
      stack.pop_back();
      for (std::size_t j = 0; j < n; ++j) {
        if (seen[j] || games[i][j] == 0) continue;
        // dir 0: edge i->j when i scored against j; dir 1: the reverse graph.
        const bool edge = dir == 0 ? score[i][j] > 0 : score[j][i] > 0;
        if (edge) seen[j] = true, stack.push_back(j);
      }
    }
    if (std::find(seen.begin(), seen.end(), false) != seen.end()) return false;
  }
  return true;
}

}  // namespace

EloFit fit_elo(int agents, const std::vector<PairResult>& results) {
  const std::size_t n = static_cast<std::size_t>(agents);
  EloFit fit;
  fit.rating.assign(n, 0.0);
  fit.stderr_.assign(n, 0.0);
  if (n < 2) return fit;
  std::vector<std::vector<double>> games(n, std::vector<double>(n)), score(n, std::vector<double>(n));
  for (const auto& r : results) {
    games[r.i][r.j] += r.games;
    games[r.j][r.i] += r.games;
    score[r.i][r.j] += r.score_i;
    score[r.j][r.i] += r.games - r.score_i;
  }
  if (!strongly_connected(games, score)) {
    fit.prior = true;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        if (i != j) games[i][j] += 1, score[i][j] += 0.5;
  }
  const double inv_n = 1.0 / static_cast<double>(n);
  auto information = [&](const std::vector<double>& r) {
    // Fisher information plus the all-ones/n matrix (fixes the free shift).
    std::vector<std::vector<double>> m(n, std::vector<double>(n, inv_n));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j || games[i][j] == 0) continue;
        const double p = 1.0 / (1.0 + std::exp(-kEloScale * (r[i] - r[j])));
        const double w = kEloScale * kEloScale * games[i][j] * p * (1 - p);
        m[i][i] += w;
        m[i][j] -= w;
      }
    return m;
  };
  for (fit.iterations = 1; fit.iterations <= 200; ++fit.iterations) {
    std::vector<double> grad(n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j || games[i][j] == 0) continue;
        const double p = 1.0 / (1.0 + std::exp(-kEloScale * (fit.rating[i] - fit.rating[j])));
        grad[i] += kEloScale * (score[i][j] - games[i][j] * p);
      }
    std::vector<double> step = solve(information(fit.rating), grad);
    double biggest = 0;
    for (double s : step) biggest = std::max(biggest, std::abs(s));
    const double damp = biggest > 300 ? 300 / biggest : 1.0;  // Newton, kept in range
    for (std::size_t i = 0; i < n; ++i) fit.rating[i] += damp * step[i];
    if (biggest < 1e-9) break;
  }
  double mean = 0;
  for (double r : fit.rating) mean += r * inv_n;
  for (double& r : fit.rating) r -= mean;
  // Covariance: pseudo-inverse of the information = (I + J/n)^-1 - J/n.
  const auto m = information(fit.rating);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> e(n);
    e[i] = 1;
    const double var = solve(m, e)[i] - inv_n;
    fit.stderr_[i] = std::sqrt(std::max(0.0, var));
  }
  return fit;
}

}  // namespace gamehost
