"""Statistics over a tournament folder (gamehost tournament --out DIR):
the win rate of the first mover, the mean margin, and the first moves built
most often, printed as a table.

Run: PYTHONPATH=build/python python3 examples/python/tournament_stats.py DIR
"""
import collections
import sys

import gamehost


def main(directory):
    tournament = gamehost.read_tournament(directory)
    games = tournament.to_records()
    first_wins = sum(1 for g in games if g["returns_0"] > g["returns_1"])
    draws = sum(1 for g in games if g["returns_0"] == g["returns_1"])
    margins = [g["scores_0"] - g["scores_1"] for g in games]
    first_moves = collections.Counter()
    for log in tournament.logs():
        moves = [p for p in log.plies if p["seat"] >= 0]
        if moves:
            first_moves[moves[0]["notation"]] += 1

    print("{:<32} {:>10}".format("games", len(games)))
    print("{:<32} {:>9.1f}%".format("first mover win rate", 100.0 * first_wins / max(1, len(games))))
    print("{:<32} {:>10}".format("draws", draws))
    print("{:<32} {:>+10.2f}".format("mean margin (first - second)", sum(margins) / max(1, len(margins))))
    print()
    print("{:<12} {:>6}".format("first move", "games"))
    for move, count in first_moves.most_common(5):
        print("{:<12} {:>6}".format(move, count))
    print()
    print("{:<20} {:>5} {:>4} {:>4} {:>4} {:>8}".format("agent", "games", "W", "D", "L", "Elo"))
    for row in tournament.table:
        print("{:<20} {:>5} {:>4} {:>4} {:>4} {:>+8.0f}".format(
            row["agent"], row["games"], row["wins"], row["draws"], row["losses"], row["elo"] or 0))


if __name__ == "__main__":
    main(sys.argv[1])
