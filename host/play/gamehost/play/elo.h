// Elo ratings from pairwise results: the maximum-likelihood fit a
// tournament's table reports (docs/gamehost.md).
#pragma once

#include <vector>

namespace gamehost {

// Score of agent i against j in one game: 1 win, 0.5 draw, 0 loss.
struct PairResult {
  int i = 0, j = 0;
  double score_i = 0;  // summed points of i
  int games = 0;
};

struct EloFit {
  std::vector<double> rating;  // mean 0
  std::vector<double> stderr_;  // standard error of each rating
  bool prior = false;           // a virtual draw per pairing was needed (no finite ML fit)
  int iterations = 0;
};

// Bradley-Terry maximum likelihood on the Elo scale (p = 1/(1+10^(-d/400)),
// draws as half points), ratings summing to 0; standard errors from the
// inverse Fisher information (pseudo-inverse, same constraint). When some
// agent's results make the likelihood unbounded (it never lost, or never
// scored, against the rest), one virtual draw is added to every pairing.
EloFit fit_elo(int agents, const std::vector<PairResult>& results);

}  // namespace gamehost
