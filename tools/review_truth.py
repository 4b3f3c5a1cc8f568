#!/usr/bin/env python3
"""The review against exact values: issue 35's targets, measured.

Usage: tools/review_truth.py GAMEHOST LOG|DIR [LOG|DIR ...] [--iters N] [--solve-nodes M] [--solver-nodes 0]
                             [--jobs J] [--reuse]
                             [--reference-nodes S] [--reference-nodes-result S]
                             [--reference-dir DIR] [--reference-depth N] [--tolerance T]

Reviews each log (every *.ghlog of a DIR) twice with `gamehost review`:

- the review under test, as given (the default settings, or --iters N and
  the game's solver's budget --solve-nodes M; --solver-nodes 0: no solver
  at all, so that every ply is estimated and the estimates are measured
  wherever the reference is exact), with --jobs J (the file goes beside the log as LOG.truth-default.ghreview);
- the reference: one search iteration, the game's own solver given S
  positions a position (--reference-nodes, default 10,000,000, for games
  that keep points; --reference-nodes-result, default 20,000,000, for
  games decided by win, draw or loss). Its estimates are not used. The
  reference's JSON is kept in --reference-dir (default: beside the log, as
  LOG.truth-reference.json) and used again when it was made with the same
  budget, since it is dear and does not depend on the review under test.

The plies where the reference proves both the position before the move and
the one after it are the exactly known plies (forced moves left out). On
them it counts, for the review under test:

- false alarms: moves that lose nothing exactly, called mistake or blunder;
- flagged: exact mistakes and blunders (points lost at or above the
  review's mistake threshold) that the review calls mistake or blunder,
  also counted where the review estimated (its values not both proved), and
  how many of those it called "unclear" instead;
- Connect Four: every move that turns a win into a loss must be flagged;
- agreement: points lost within T of the exact points lost (default 3 in
  the game's points; for games without points a tenth of the return scale);
- how sure the estimates are: of the estimated plies, how often the exact
  points lost lies within one and two of the review's errors (lost_error)
  of its estimate;
- how far back the review is exact: the number of plies at the end of the
  game whose values are both proved, for the review and for the reference.
- the move the review recommends (issue 46): optimal where the reference
  shows it (the reference's own best move, or the move played when that
  lost nothing), a proved mistake where it is the move played and that
  lost at least the mistake threshold; other moves' values the reference
  does not know, and they are counted as unknown.

--reference-depth N gives the reference `gamehost review --depth N`: the
last N decisions solved whatever they cost (docs/review.md, "Deeper"),
so that the estimates just before the review's exact region are measured.

Prints one line a log, then the totals and the review's time: its wall
clock and CPU seconds (the 48-ply target is for Alien City with --jobs 2).
--reuse keeps a finished review under test made with the same settings
(gamehost review then only reads it, so its time means nothing): the
totals of several runs over parts of a set, counted again at once.
"""
import argparse
import json
import pathlib
import resource
import subprocess
import sys
import time

FLAGGED = ("MISTAKE", "BLUNDER")


def run_review(gamehost, log, out, extra, reuse=False):
    args = [gamehost, "review", str(log), "--out", str(out), "--format", "json", "--quiet"] + extra
    if not reuse:
        args.append("--force")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(args, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"review_truth: {log}: gamehost review failed (exit {done.returncode}): {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return json.loads(done.stdout), wall, cpu


def plies_of(parsed):
    return {p["ply"]: p for p in parsed.get("plies", []) if p.get("reviewed")}


def reference(gamehost, log, cache, nodes, depth):
    """The reference review's JSON, from the cache when made with `nodes` and `depth`."""
    if cache.is_file():
        parsed = json.loads(cache.read_text())
        settings = parsed["header"]["settings"]
        if int(settings.get("solve_nodes", 0)) == nodes and int(settings.get("exact_depth", 0)) == depth:
            return parsed
    parsed, _, _ = run_review(gamehost, log, log.with_suffix(".truth-reference.ghreview"),
                              ["--iters", "1", "--solve-nodes", str(nodes)]
                              + (["--depth", str(depth)] if depth else []))
    cache.write_text(json.dumps(parsed))
    return parsed


def exact(p):
    return p.get("before", {}).get("exact", False) and p.get("after", {}).get("exact", False)


def lost(p):
    return p.get("points_lost", 0.0)


def exact_tail(plies, total):
    """Plies at the end of the game whose values are both proved."""
    n = 0
    for ply in range(total, 0, -1):
        p = plies.get(ply)
        if p is None:
            continue  # a chance event or a move taken back
        if not exact(p):
            break
        n += 1
    return n


def compare(default, reference, mistake, tolerance, results):
    c = dict(known=0, optimal=0, false_alarms=0, errors=0, misses=0, errors_estimated=0, misses_estimated=0,
             unclear_estimated=0, win_to_loss=0, win_to_loss_missed=0, agree=0, estimated=0, within1=0, within2=0,
             recommended_optimal=0, recommended_mistake=0)
    for ply, ref in reference.items():
        if not exact(ref) or ref.get("move_class") == "FORCED" or ply not in default:
            continue
        got = default[ply]
        c["known"] += 1
        ref_lost = lost(ref)
        flagged = got.get("move_class") in FLAGGED
        estimated = not exact(got)
        if ref_lost < 1e-9:
            c["optimal"] += 1
            c["false_alarms"] += flagged
        if ref_lost >= mistake:
            c["errors"] += 1
            c["misses"] += not flagged
            if estimated:
                c["errors_estimated"] += 1
                c["misses_estimated"] += not flagged
                c["unclear_estimated"] += got.get("move_class") == "UNCLEAR"
        if results and ref["before"].get("margin", 0) > 0 > ref["after"].get("margin", 0):
            c["win_to_loss"] += 1
            c["win_to_loss_missed"] += not flagged
        # The review's recommended move, where the reference knows its value.
        recommended = got.get("best_action", 0)
        if recommended == ref.get("best_action", 0) or (recommended == got.get("played_action") and ref_lost < 1e-9):
            c["recommended_optimal"] += 1
        elif recommended == got.get("played_action") and ref_lost >= mistake:
            c["recommended_mistake"] += 1
        c["agree"] += abs(lost(got) - ref_lost) <= tolerance
        if estimated:
            c["estimated"] += 1
            error = got.get("lost_error", 0.0)
            c["within1"] += abs(lost(got) - ref_lost) <= error + 1e-9
            c["within2"] += abs(lost(got) - ref_lost) <= 2 * error + 1e-9
    return c


def share(n, d):
    return f"{n}/{d} ({100.0 * n / d:.1f}%)" if d else f"{n}/0"


def logs_of(paths):
    out = []
    for p in paths:
        if p.is_dir():
            out += sorted(p.glob("*.ghlog"))
        elif p.is_file():
            out.append(p)
        else:
            sys.exit(f"review_truth: {p}: no such log or directory")
    if not out:
        sys.exit("review_truth: no *.ghlog to review")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gamehost")
    ap.add_argument("logs", nargs="+", type=pathlib.Path)
    ap.add_argument("--iters", type=int)
    ap.add_argument("--solve-nodes", type=int)
    ap.add_argument("--solver-nodes", type=int)
    ap.add_argument("--reference-nodes", type=int, default=10_000_000)
    ap.add_argument("--reference-nodes-result", type=int, default=20_000_000)
    ap.add_argument("--reference-dir", type=pathlib.Path)
    ap.add_argument("--reference-depth", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--tolerance", type=float)
    ap.add_argument("--reuse", action="store_true")
    a = ap.parse_args()
    totals, times = None, []
    for log in logs_of(a.logs):
        parsed, wall, cpu = run_review(a.gamehost, log, log.with_suffix(".truth-default.ghreview"),
                                       ["--jobs", str(a.jobs)] + (["--iters", str(a.iters)] if a.iters else [])
                                       + (["--solve-nodes", str(a.solve_nodes)] if a.solve_nodes else [])
                                       + (["--solver-nodes", str(a.solver_nodes)] if a.solver_nodes is not None
                                          else []), reuse=a.reuse)
        header = parsed["header"]
        results = header.get("value_unit") == "result"
        cache_dir = a.reference_dir or log.parent
        cache_dir.mkdir(parents=True, exist_ok=True)
        ref = reference(a.gamehost, log, cache_dir / (log.stem + ".truth-reference.json"),
                        a.reference_nodes_result if results else a.reference_nodes, a.reference_depth)
        default, refs = plies_of(parsed), plies_of(ref)
        mistake = header["settings"]["mistake"]
        tolerance = a.tolerance if a.tolerance is not None else (0.1 if results else 3.0)
        c = compare(default, refs, mistake, tolerance, results)
        total = int(header["log_plies"])
        c["plies"] = total
        c["tail"], c["ref_tail"] = exact_tail(default, total), exact_tail(refs, total)
        times.append((log.name, header["game_id"], total, wall, cpu))
        print(f"{log.name}: {total} plies, exact for the last {c['tail']} (reference {c['ref_tail']}); "
              f"{c['known']} exactly known; false alarms {c['false_alarms']} of {c['optimal']} optimal; flagged "
              f"{c['errors'] - c['misses']} of {c['errors']} exact mistakes and blunders "
              f"({c['errors_estimated'] - c['misses_estimated']} of {c['errors_estimated']} estimated, "
              f"{c['unclear_estimated']} unclear); "
              + (f"win to loss flagged {c['win_to_loss'] - c['win_to_loss_missed']} of {c['win_to_loss']}; "
                 if results else "")
              + f"within {tolerance:g}: {c['agree']}; review {wall:.1f} s, {cpu:.1f} CPU-s", flush=True)
        totals = c if totals is None else {k: totals[k] + v for k, v in c.items()}
    t = totals
    print(f"total: {len(times)} games, {t['known']} exactly known plies")
    print(f"  false alarms (optimal moves called mistake or blunder): {share(t['false_alarms'], t['optimal'])}")
    print(f"  exact mistakes and blunders flagged: {share(t['errors'] - t['misses'], t['errors'])}; "
          f"where the review estimated: {share(t['errors_estimated'] - t['misses_estimated'], t['errors_estimated'])}"
          f", called unclear: {t['unclear_estimated']}")
    print(f"  wins turned into losses flagged: {share(t['win_to_loss'] - t['win_to_loss_missed'], t['win_to_loss'])}")
    print(f"  points lost within the tolerance of the exact: {share(t['agree'], t['known'])}")
    print(f"  recommended move optimal: {share(t['recommended_optimal'], t['known'])}; a proved mistake: "
          f"{t['recommended_mistake']}; the rest not known to the reference")
    print(f"  estimated plies whose exact points lost is within 1 and 2 errors of the estimate: "
          f"{share(t['within1'], t['estimated'])}, {share(t['within2'], t['estimated'])}")
    for game in sorted({g for _, g, _, _, _ in times}):
        rows = [r for r in times if r[1] == game]
        plies = sum(r[2] for r in rows)
        wall, cpu = sum(r[3] for r in rows), sum(r[4] for r in rows)
        print(f"  {game}: review {wall / len(rows):.1f} s wall, {cpu / len(rows):.1f} CPU-s a game "
              f"({plies / len(rows):.0f} plies on average, --jobs {a.jobs}); "
              f"{48 * cpu / plies:.1f} CPU-s for 48 plies")


if __name__ == "__main__":
    main()
