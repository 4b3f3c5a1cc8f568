#!/usr/bin/env python3
"""The review against exact values: false alarms, misses and agreement (issue 35's targets).

Usage: tools/review_truth.py GAMEHOST LOG [LOG ...] [--iters N] [--solve-nodes S] [--jobs J]
                             [--tolerance T]

Reviews each log twice with `gamehost review` (the files go beside each log
as LOG.truth-default.ghreview and LOG.truth-reference.ghreview): once as
given (the default settings, or --iters N), and once as the reference, with
the game's own solver given S positions a position (default 50,000,000)
and one search iteration (its estimates are not used). The plies where the
reference proves both the position before the move and the one after it
are the exactly known plies; on them it counts, for the default review:

- false alarms: moves that lose nothing exactly, called mistake or blunder;
- misses: exact mistakes and blunders (points lost at or above the
  review's mistake threshold) that the default review does not call
  mistake or blunder, counted apart where the default review estimated
  (its values not proved) and for Connect Four, where every move that turns
  a win into a loss must be flagged;
- agreement: points lost within T of the exact points lost (default 3, in
  the game's points; for games without points, within a tenth of the
  return scale: 0.1).

Forced moves are left out. Prints one line a log and the totals.
"""
import argparse
import json
import pathlib
import subprocess
import sys

FLAGGED = ("MISTAKE", "BLUNDER")


def review(gamehost, log, out, extra):
    args = [gamehost, "review", str(log), "--out", str(out), "--force", "--format", "json", "--quiet"] + extra
    done = subprocess.run(args, check=True, capture_output=True, text=True)
    parsed = json.loads(done.stdout)
    return parsed["header"], {p["ply"]: p for p in parsed.get("plies", []) if p.get("reviewed")}


def exact(p):
    return p.get("before", {}).get("exact", False) and p.get("after", {}).get("exact", False)


def lost(p):
    return p.get("points_lost", 0.0)


def compare(default, reference, mistake, tolerance):
    counts = dict(known=0, optimal=0, false_alarms=0, exact_errors=0, errors_estimated=0, misses_estimated=0,
                  misses=0, win_to_loss=0, win_to_loss_missed=0, agree=0)
    for ply, ref in reference.items():
        if not exact(ref) or ref.get("move_class") == "FORCED" or ply not in default:
            continue
        got = default[ply]
        counts["known"] += 1
        ref_lost = lost(ref)
        flagged = got.get("move_class") in FLAGGED
        if ref_lost < 1e-9:
            counts["optimal"] += 1
            counts["false_alarms"] += flagged
        if ref_lost >= mistake:
            counts["exact_errors"] += 1
            counts["misses"] += not flagged
            if not exact(got):
                counts["errors_estimated"] += 1
                counts["misses_estimated"] += not flagged
        if ref["before"].get("margin", 0) > 0 > ref["after"].get("margin", 0) and mistake < 1:
            counts["win_to_loss"] += 1
            counts["win_to_loss_missed"] += not flagged
        counts["agree"] += abs(lost(got) - ref_lost) <= tolerance
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gamehost")
    ap.add_argument("logs", nargs="+", type=pathlib.Path)
    ap.add_argument("--iters", type=int)
    ap.add_argument("--solve-nodes", type=int, default=50_000_000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--tolerance", type=float)
    a = ap.parse_args()
    totals = None
    for log in a.logs:
        if not log.is_file():
            sys.exit(f"review_truth: {log}: no such log")
        extra = ["--jobs", str(a.jobs)]
        header, default = review(a.gamehost, log, log.with_suffix(".truth-default.ghreview"),
                                 extra + (["--iters", str(a.iters)] if a.iters else []))
        _, reference = review(a.gamehost, log, log.with_suffix(".truth-reference.ghreview"),
                              extra + ["--iters", "1", "--solve-nodes", str(a.solve_nodes)])
        mistake = header["settings"]["mistake"]
        tolerance = a.tolerance if a.tolerance is not None else (3.0 if mistake >= 1 else 0.1)
        c = compare(default, reference, mistake, tolerance)
        print(f"{log.name}: {c['known']} exactly known plies; false alarms {c['false_alarms']} of {c['optimal']} "
              f"optimal; misses {c['misses']} of {c['exact_errors']} exact mistakes and blunders "
              f"({c['misses_estimated']} of {c['errors_estimated']} where the review estimated); "
              f"win turned to loss not flagged {c['win_to_loss_missed']} of {c['win_to_loss']}; "
              f"within {tolerance:g}: {c['agree']}")
        totals = c if totals is None else {k: totals[k] + v for k, v in c.items()}
    t = totals
    share = lambda n, d: f"{n}/{d} ({100.0 * n / d:.1f}%)" if d else f"{n}/0"
    print(f"total: {t['known']} exactly known plies; false alarms {share(t['false_alarms'], t['optimal'])}; "
          f"flagged {share(t['exact_errors'] - t['misses'], t['exact_errors'])} of exact mistakes and blunders, "
          f"{share(t['errors_estimated'] - t['misses_estimated'], t['errors_estimated'])} where estimated; "
          f"win to loss flagged {share(t['win_to_loss'] - t['win_to_loss_missed'], t['win_to_loss'])}; "
          f"agreement {share(t['agree'], t['known'])}")


if __name__ == "__main__":
    main()
