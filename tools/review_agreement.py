#!/usr/bin/env python3
"""How far a review's verdicts move when the engine gets ten times the budget.

Usage: tools/review_agreement.py GAMEHOST LOG_DIR [--iters N] [--factor F] [--jobs J] [--limit K]
                                   [--second-seed S] [--move-value reply|subtree] [--reuse]

Reviews every *.ghlog of LOG_DIR three times with `gamehost review` (the
review files go to LOG_DIR/agreement/): at N iterations a position, at F*N,
and at N without the endgame solver. Prints, for the reviewed decisions
(forced moves excluded), the share whose points lost agree within 3 points
between the two budgets (also by the size of the loss, and within 3 points
or a fifth of it), and, where the solver proved a ply's values, how
far the solver-free estimate of the points lost is from the proved one.
With --second-seed S it also reviews every log at both budgets with the
search seeded by S instead of 1 (files *.seedS.ghreview) and prints how often
the two seeds agree at the same budget, across the budgets with seed S, and
the default budget's seed-1 review against seed S's at F*N and against the
mean of both reviews at F*N: how much of the disagreement between budgets
is the search's chance, and how much its drift with the budget.
--move-value passes the rule to every review (default: the review's own).
Used for the tables in docs/review.md.
"""
import argparse
import json
import pathlib
import subprocess
import sys


# Options given to every review (--move-value).
EXTRA = []


def review(gamehost, log, out, iters, jobs, solver=True, seed=1, reuse=False):
    args = [gamehost, "review", str(log), "--out", str(out), "--iters", str(iters), "--jobs", str(jobs),
            "--seed", str(seed), "--format", "json", "--quiet"] + EXTRA
    if not reuse:
        args.append("--force")
    if not solver:
        args += ["--solver-nodes", "0"]
    done = subprocess.run(args, check=True, capture_output=True, text=True)
    return {p["ply"]: p for p in json.loads(done.stdout).get("plies", []) if p.get("reviewed")}


def lost(p):
    return p.get("points_lost", 0.0)


def unforced(a, b):
    """The plies of two reviews of one log that neither calls forced."""
    return [k for k, p in a.items() if p.get("move_class") != "FORCED" and b[k].get("move_class") != "FORCED"]


def agree(a, b):
    """Plies of two reviews of one log whose points lost are within 3 points (forced moves left out)."""
    plies = unforced(a, b)
    return sum(abs(lost(a[k]) - lost(b[k])) <= 3 for k in plies), len(plies)


# Buckets of the larger of two reviews' points lost for one move: the class
# thresholds of Alien City (docs/review.md).
SIZES = ((0.0, "under 3"), (3.0, "3 to 7"), (7.0, "7 to 15"), (15.0, "15 or more"))


def size_of(larger):
    """The index in SIZES of a move whose larger points lost is `larger`."""
    return max(i for i, (low, _) in enumerate(SIZES) if larger >= low)


def agree_by_size(a, b):
    """agree() per bucket of SIZES, and the moves within 3 points or a fifth of the larger loss."""
    plies = unforced(a, b)
    buckets = [[0, 0] for _ in SIZES]
    near = 0
    for k in plies:
        gap, larger = abs(lost(a[k]) - lost(b[k])), max(lost(a[k]), lost(b[k]))
        bucket = buckets[size_of(larger)]
        bucket[0] += gap <= 3
        bucket[1] += 1
        near += gap <= max(3.0, 0.2 * larger)
    return buckets, (near, len(plies))


class Tally:
    """Agreeing moves and moves, summed over the logs."""

    def __init__(self):
        self.within = self.moves = 0

    def add(self, pair):
        self.within += pair[0]
        self.moves += pair[1]
        return f"{pair[0]}/{pair[1]}"

    def share(self):
        return 100.0 * self.within / self.moves if self.moves else 0.0

    def __str__(self):
        return f"{self.within}/{self.moves} ({self.share():.1f}%)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gamehost")
    ap.add_argument("log_dir")
    ap.add_argument("--iters", type=int, default=50000)
    ap.add_argument("--factor", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--shard", default="", help="K/N: review only the logs K, K+N, K+2N, ... (1-based), to split a run")
    ap.add_argument("--limit", type=int, default=0, help="review only the first K logs")
    ap.add_argument("--second-seed", type=int, default=0,
                    help="also review at both budgets with this search seed and compare the seeds")
    ap.add_argument("--reuse", action="store_true",
                    help="keep finished review files made with the same settings instead of reviewing again")
    ap.add_argument("--move-value", choices=("reply", "subtree"),
                    help="how every review values the moves it compares (gamehost review --move-value)")
    a = ap.parse_args()
    if a.move_value:
        EXTRA.extend(["--move-value", a.move_value])
    if a.second_seed == 1:
        ap.error("--second-seed must differ from 1, the seed of the first reviews")
    logs = sorted(pathlib.Path(a.log_dir).glob("*.ghlog"))
    if a.limit:
        logs = logs[: a.limit]
    if a.shard:
        k, n = (int(x) for x in a.shard.split("/"))
        logs = logs[k - 1 :: n]
    out = pathlib.Path(a.log_dir) / "agreement"
    out.mkdir(exist_ok=True)
    budgets = Tally()
    sizes, near = [Tally() for _ in SIZES], Tally()
    exact_err = []
    seed_base, seed_big, seed_cross, mixed, to_mean = Tally(), Tally(), Tally(), Tally(), Tally()
    for log in logs:
        base = review(a.gamehost, log, out / f"{log.stem}.base.ghreview", a.iters, a.jobs, reuse=a.reuse)
        big = review(a.gamehost, log, out / f"{log.stem}.big.ghreview", a.iters * a.factor, a.jobs, reuse=a.reuse)
        nosolve = review(a.gamehost, log, out / f"{log.stem}.nosolver.ghreview", a.iters, a.jobs, solver=False,
                         reuse=a.reuse)
        for ply, p in base.items():
            if p.get("move_class") != "FORCED" and p["before"].get("exact") and p["after"].get("exact"):
                exact_err.append(abs(lost(nosolve[ply]) - lost(p)))
        print(f"{log.name}: {budgets.add(agree(base, big))} within 3 points", flush=True)
        buckets, near_pair = agree_by_size(base, big)
        for tally, bucket in zip(sizes, buckets):
            tally.add(bucket)
        near.add(near_pair)
        if a.second_seed:
            seed = a.second_seed
            base2 = review(a.gamehost, log, out / f"{log.stem}.base.seed{seed}.ghreview", a.iters, a.jobs,
                           seed=seed, reuse=a.reuse)
            big2 = review(a.gamehost, log, out / f"{log.stem}.big.seed{seed}.ghreview", a.iters * a.factor, a.jobs,
                          seed=seed, reuse=a.reuse)
            mean = {k: {"points_lost": (lost(p) + lost(big2[k])) / 2, "move_class": p.get("move_class")}
                    for k, p in big.items()}
            print(f"  seeds 1 and {seed}: {seed_base.add(agree(base, base2))} at {a.iters}, "
                  f"{seed_big.add(agree(big, big2))} at {a.iters * a.factor}; seed {seed} across the budgets "
                  f"{seed_cross.add(agree(base2, big2))}; seed 1 at {a.iters} against seed {seed} at "
                  f"{a.iters * a.factor} {mixed.add(agree(base, big2))}, against both's mean "
                  f"{to_mean.add(agree(base, mean))}", flush=True)
    print(f"all: {budgets.within}/{budgets.moves} moves ({budgets.share():.1f}%) agree within 3 points at "
          f"{a.iters} and {a.iters * a.factor} iterations")
    print("by the larger points lost of the two: " +
          ", ".join(f"{name}: {tally}" for (_, name), tally in zip(SIZES, sizes)) + " within 3 points")
    print(f"within 3 points or a fifth of the larger points lost: {near}")
    if a.second_seed:
        print(f"the same budget, seeds 1 and {a.second_seed}: {seed_base} agree at {a.iters}, {seed_big} at "
              f"{a.iters * a.factor}; seed {a.second_seed} across the budgets: {seed_cross}; seed 1 at {a.iters} "
              f"against seed {a.second_seed} at {a.iters * a.factor}: {mixed}, against the mean of both reviews at "
              f"{a.iters * a.factor}: {to_mean}")
    if exact_err:
        exact_err.sort()
        w3 = sum(e <= 3 for e in exact_err)
        print(f"solved plies: {len(exact_err)}; the solver-free estimate of points lost is within 3 points of the "
              f"proved value on {w3} ({100.0 * w3 / len(exact_err):.1f}%), median error "
              f"{exact_err[len(exact_err) // 2]:.1f}, largest {exact_err[-1]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
