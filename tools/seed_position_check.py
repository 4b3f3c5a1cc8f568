#!/usr/bin/env python3
"""Check games/positions/seed-scoring.txt against the rules' scoring example.

The Alien City 1.2 rules end with a "Comprehensive Scoring Example" (Fig. 5,
not included in our copy of the rules). Its text names many lots of the final
position and says, tower by tower, which customers each claimed tower has and
how far its nearest competitor is. This script parses the seed diagram and
checks every one of those facts, with the distances of rulings R12-R15:

  distance(X, Y) = least number of street lots on an orthogonal path
                   X -> s1 -> ... -> sk -> Y (k >= 1, every s_i a street).

It prints each claimed tower's customers and distances and exits 1 on any
mismatch (0 when everything holds).

Erratum. Taken literally the text cannot be met: it lists the green domes E7
and F8 as customers of tower E (E5), but with the lots the text fixes (E6 a
black dome, D5 D6 D7 F5 F6 streets) both are at least 3 streets from E5 in
every position; check_erratum() proves it by making every lot the text leaves
open a street (distances only shrink when streets are added). Moreover tower F
can only have exactly G2 and G3 as customers, with A4 at 12 and E3 farther,
if G4 is a green dome (the text's Fig. 3 example calls it "dome G"), and then
G4 and a non-red C6 are tower E's customers. So the seed keeps the text's count
(8 customers, 24 points) with E7/F8 replaced by G4/C6, and this script checks
that reading. Pass --literal to check the text word for word (it then fails).

How the position was found. Hand reasoning from the facts fixed tower A on C9,
tower F on H4 (with H1 H2 H3 G1 F1 streets), G4 a green dome, C7 B5 B7 B8 B9
B10 F7 streets and C6 D3 E2 built. A small solver (kept out of the repo) then
enumerated the other 21 open lots: every choice of 11 streets (352,716) was
tested for the street rule (R8), the distances (A6 at 4, A4 at 12 from H4, the
19-street route unique) and the customer sets; 162 street sets survived; the
blue towers and dome colours were then placed so that no nearest-competitor
distance is tied, no bonus arises and White owns none of the towers nearest
the unclaimed greens; a dynamic program chose tile colours (five of each)
minimising rule breaks. Among ~740 equally good fits (C6 a green dome, no tile
fully built) we took one without 2x2 street blocks and with the two new blue
towers on different tiles. Finally a random greedy replay found a legal game
(rules R7-R11, strict alternation, both supplies) that ends in this position;
BUILD_ORDER below is that game and is replayed here as a plausibility check.
"""

import sys
from collections import deque
from pathlib import Path

COLS = "ABCDEFGH"
DEFAULT_FILE = Path(__file__).resolve().parent.parent / "games/positions/seed-scoring.txt"


def lot(name):
    return COLS.index(name[0].upper()), int(name[1:]) - 1


def name(l):
    return f"{COLS[l[0]]}{l[1] + 1}"


def names(lots):
    return " ".join(name(l) for l in sorted(lots, key=lambda l: (l[1], l[0])))


def neighbours(l):
    c, r = l
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= c + dc < 8 and 0 <= r + dr < 10:
            yield c + dc, r + dr


def tile_of(l):
    return l[0] // 2, l[1] // 2


def tile_lots(t):
    return [(t[0] * 2 + dc, t[1] * 2 + dr) for dr in (0, 1) for dc in (0, 1)]


ALL_LOTS = [(c, r) for r in range(10) for c in range(8)]
TILES = [(tc, tr) for tr in range(5) for tc in range(4)]

# ---------------------------------------------------------------- the facts
FIXED = {  # lot -> structure letter, as stated by the text
    "A5": "R", "A6": "R", "E5": "R", "G7": "R",
    "A4": "G", "C5": "G", "E3": "G",
    "A10": "B", "F9": "B", "H5": "B",
    "A8": "b", "A9": "b", "G2": "b", "G3": "b", "G5": "b",
    "C8": "k", "D4": "k", "E6": "k",
    "D9": "r", "D10": "r", "H9": "r", "H10": "r",
    "E7": "g", "F8": "g", "F3": "g",
}
ROUTE_C = "E4 F4 F5 F6 G6 H6 H7 H8 G8 G9 G10 F10 E10 E9 E8 D8 D7 D6 D5".split()
PIECE_SET = {"R": 5, "B": 5, "G": 4, "r": 6, "b": 6, "g": 6, "k": 6}

E_LITERAL = {"D4", "E6", "E7", "F3", "F8", "G5", "C5", "E3"}
E_SEED = {"D4", "E6", "G4", "F3", "C6", "G5", "C5", "E3"}

# label: (owner, colour, lot or None if the text does not say, customers,
#         nearest competitor lot, its distance, points)
TOWERS = {
    "A": ("W", "R", None, {"A10", "A8", "A9", "C8"}, "A6", 4, 16),
    "B": ("W", "B", "F9", {"D9", "D10", "H9", "H10", "E7", "F8", "G7"}, "H5", 5, 35),
    "C": ("W", "G", "E3", {"D4", "E5"}, "C5", 19, 38),
    "D": ("B", "R", "G7", {"E7", "F8", "G5", "E6", "F9", "H5"}, "E5", 3, 18),
    "E": ("B", "R", "E5", E_SEED, "G7", 3, 24),
    "F": ("B", "G", None, {"G2", "G3"}, "A4", 12, 24),
}
TOTALS = {"W": 89, "B": 66}

# Tile-layout rules the seed is allowed to break (see the diagram's comments).
ALLOWED_OFF_COLOUR_DOMES = {"G3"}      # blue fallback dome on the green tile G3-H4
ALLOWED_BUILT_ICONS = {"A9"}           # the text puts the upper-left tile's icon on A9

# A legal game ending in the seed (Black builds first, then alternate).
BUILD_ORDER = ("gC6 bG2 rD9 RG7 RA6 RE5 BF9 rE2 rF2 kB1 BH5 gF8 RA5 rD10 rH9 kC3 "
               "gF3 gA3 bA7 GC5 BA10 RC9 GE3 GA4 kD3 bG5 kC8 bA8 kD4 kE6 GH4 BA1 "
               "gE7 gG4 bA9 BC1 bG3 rH10").split()
SUPPLY = {"B": {"R": 2, "B": 3, "G": 2, "r": 3, "b": 3, "g": 3, "k": 3},
          "W": {"R": 3, "B": 2, "G": 2, "r": 3, "b": 3, "g": 3, "k": 3}}


# ---------------------------------------------------------------- parsing
def parse(text):
    """Returns (structures, claims, tile colours, icon lots, header lines)."""
    structures, claims, colour, icons, headers, rows = {}, {}, {}, set(), {}, set()
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.lower().startswith(("to-move:", "white:", "black:")):
            key, _, value = line.partition(":")
            headers[key.lower()] = value.strip()
            continue
        if line.startswith("A"):
            continue  # column letters
        parts = line.split()
        row = int(parts[0])
        assert 1 <= row <= 10 and row not in rows and len(parts) == 9, f"bad row line: {raw!r}"
        rows.add(row)
        for c, cell in enumerate(parts[1:]):
            assert len(cell) == 4, f"bad cell {cell!r}"
            l = (c, row - 1)
            tc, icon, piece, claim = cell
            assert tc in "rbgk" and icon in "*." and piece in ".RBGrbgk" and claim in ".WB", cell
            t = tile_of(l)
            assert colour.setdefault(t, tc) == tc, f"tile of {name(l)} has mixed colours"
            if icon == "*":
                icons.add(l)
            if piece != ".":
                structures[l] = piece
            if claim != ".":
                assert piece in "RBG", f"claim on a non-tower at {name(l)}"
                claims[l] = claim
    assert rows == set(range(1, 11)), "rows missing"
    return structures, claims, colour, icons, headers


# ---------------------------------------------------------------- distances
def street_distances(built, src):
    """Street lot -> number of streets on the shortest street path from src."""
    dist, todo = {}, deque()
    for n in neighbours(src):
        if n not in built:
            dist[n] = 1
            todo.append(n)
    while todo:
        x = todo.popleft()
        for n in neighbours(x):
            if n not in built and n not in dist:
                dist[n] = dist[x] + 1
                todo.append(n)
    return dist


def distances(built, src):
    """Structure lot -> distance from the structure on src (R12)."""
    out = {}
    for s, d in street_distances(built, src).items():
        for n in neighbours(s):
            if n in built and n != src and d < out.get(n, 99):
                out[n] = d
    return out


def shortest_route_count(built, src, dst):
    dist, count, todo = {}, {}, deque()
    for n in neighbours(src):
        if n not in built:
            dist[n], count[n] = 1, 1
            todo.append(n)
    while todo:
        x = todo.popleft()
        for n in neighbours(x):
            if n in built:
                continue
            if n not in dist:
                dist[n], count[n] = dist[x] + 1, count[x]
                todo.append(n)
            elif dist[n] == dist[x] + 1:
                count[n] += count[x]
    ends = [n for n in neighbours(dst) if n in dist]
    best = min(dist[n] for n in ends)
    return best, sum(count[n] for n in ends if dist[n] == best)


def colour(piece):
    return piece.lower()


def streets_ok(built):
    streets = [l for l in ALL_LOTS if l not in built]
    seen, todo = {streets[0]}, [streets[0]]
    while todo:
        x = todo.pop()
        for n in neighbours(x):
            if n not in built and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(streets) and all(any(n not in built for n in neighbours(l)) for l in built)


# ---------------------------------------------------------------- checks
class Checker:
    def __init__(self):
        self.failures = 0

    def check(self, ok, what):
        print(("  ok    " if ok else "  FAIL  ") + what)
        if not ok:
            self.failures += 1


def nearest_towers(built, src, piece):
    d = distances(built, src)
    found = sorted((d[l], l) for l, p in built.items() if p == piece and l != src and l in d)
    best = found[0][0]
    return best, {l for x, l in found if x == best}, found


def check_erratum(ck):
    """The text's customers E7/F8 of tower E are >= 3 streets away in any position."""
    built = {lot(k): v for k, v in FIXED.items()}  # everything else a street
    d = distances(built, lot("E5"))
    for target in ("E7", "F8"):
        print(f"  note  erratum: even with every open lot a street, {target} is "
              f"{d[lot(target)]} streets from E5 (customers need 1 or 2)")


def check_position(text, literal=False):
    ck = Checker()
    built, claims, tcol, icons, headers = parse(text)

    print("Header and pieces")
    ck.check(headers.get("to-move", "").lower() == "over", "to-move: over")
    for who in ("white", "black"):
        ck.check(headers.get(who, "").split() == "RT0 BT0 GT0 RD0 BD0 GD0 KD0 caps0".split(),
                 f"{who} supply is empty")
    counts = {p: sum(1 for v in built.values() if v == p) for p in PIECE_SET}
    ck.check(counts == PIECE_SET, f"full piece set {counts}")
    ck.check(streets_ok(built), "streets are one network and every structure touches it (R8)")

    print("Lots stated by the text")
    for k, v in FIXED.items():
        ck.check(built.get(lot(k)) == v, f"{k} holds {v} (found {built.get(lot(k), 'street')})")
    ck.check(all(lot(s) not in built for s in ROUTE_C), "the 19 route lots are streets")

    print("Claims")
    white = {l for l, c in claims.items() if c == "W"}
    black = {l for l, c in claims.items() if c == "B"}
    ck.check(len(white) == 3 and len(black) == 3, f"White claims {names(white)}, Black claims {names(black)}")

    print("Claimed towers")
    where, score = {}, {"W": 0, "B": 0}
    for label, (owner, piece, at, cust, rival, rival_d, points) in TOWERS.items():
        if label == "E" and literal:
            cust = E_LITERAL
        mine = [l for l in claims if claims[l] == owner and built[l] == piece and l not in where.values()]
        if at is not None:
            mine = [l for l in mine if l == lot(at)]
        if len(mine) != 1:
            ck.check(False, f"tower {label}: no single {owner}-claimed {piece} tower{' on ' + at if at else ''}")
            continue
        t = where[label] = mine[0]
        d = distances(built, t)
        customers = {l for l, x in d.items() if x <= 2 and colour(built[l]) != colour(piece)}
        best, nearest, found = nearest_towers(built, t, piece)
        print(f" tower {label} on {name(t)} ({piece}, {owner}):")
        print("        customers: " + ", ".join(f"{name(l)}{built[l]}@{d[l]}" for l in sorted(customers)))
        print("        same-colour towers: " + ", ".join(f"{name(l)}@{x}" for x, l in found))
        ck.check({name(l) for l in customers} == cust, f"customers are exactly {' '.join(sorted(cust))}")
        ck.check(best == rival_d and nearest == {lot(rival)},
                 f"nearest competitor is {rival} alone, at {rival_d}")
        pts = len(customers) * best
        ck.check(pts == points, f"scores {len(customers)} x {best} = {pts} (text: {points})")
        score[owner] += pts
        if label == "E":
            check_erratum(ck)

    if "C" in where:
        print("Tower C's route to C5")
        route = [lot(s) for s in ROUTE_C]
        path = [where["C"]] + route + [lot("C5")]
        ck.check(all(b in neighbours(a) for a, b in zip(path, path[1:])), "the text's route is a street path")
        length, routes = shortest_route_count(built, where["C"], lot("C5"))
        ck.check(length == 19 and routes == 1, f"shortest E3->C5 street route: {length} streets, {routes} route(s)")

    print("Bonuses (R15)")
    owner_of = {l: c for l, c in claims.items()}
    for g in sorted((l for l, p in built.items() if p == "G" and l not in claims), key=name):
        for piece in "RB":
            best, nearest, _ = nearest_towers(built, g, piece)
            owners = {owner_of.get(l) for l in nearest}
            bonus = best <= 4 and len(owners) == 1 and None not in owners
            print(f"        {name(g)}: nearest {piece} towers {names(nearest)} at {best}, "
                  f"owners {sorted(o or '-' for o in owners)}")
            ck.check(not bonus, f"no {piece} bonus for unclaimed green {name(g)}")
            ck.check("W" not in owners, f"White owns none of the nearest {piece} towers to {name(g)}")
            if name(g) == "C5" and piece == "R":
                ck.check(best == 1 and nearest == {lot("E5"), lot("A5")}, "C5's nearest red towers: E5 and A5 at 1")

    print("Totals")
    for who in "WB":
        ck.check(score[who] == TOTALS[who], f"{'White' if who == 'W' else 'Black'} scores {score[who]} "
                                            f"(text: {TOTALS[who]})")

    print("Tile layout (plausibility)")
    per = {c: sum(1 for t in TILES if tcol[t] == c) for c in "rbgk"}
    ck.check(per == {c: 5 for c in "rbgk"}, f"five tiles of each colour {per}")
    ck.check(all(sum(1 for l in tile_lots(t) if l in icons) == 1 for t in TILES), "one icon lot per tile")
    off = {name(l) for l, p in built.items() if p.islower() and p != tcol[tile_of(l)]}
    ck.check(off == ALLOWED_OFF_COLOUR_DOMES, f"domes off their colour: {sorted(off)} (allowed: G3 fallback)")
    for t in TILES:
        ps = [built[l] for l in tile_lots(t) if l in built]
        good = sum(1 for p in ps if colour(p) == tcol[t] or (p.isupper() and tcol[t] == "k"))
        if good < min(len(ps), 2):
            ck.check(False, f"tile {names(tile_lots(t))}: too few structures of its colour")
    built_icons = {name(l) for l in icons if l in built}
    ck.check(built_icons == ALLOWED_BUILT_ICONS, f"icon lots that are built: {sorted(built_icons)}")

    print("A legal game ending here (R5-R11)")
    ok, why = replay(built, tcol, icons, claims)
    ck.check(ok, why)

    print(f"{ck.failures} failure(s)")
    return ck.failures


def replay(final, tcol, icons, claims):
    """Replays BUILD_ORDER from an empty city under rules R7-R11."""
    built, supply, turn_of = {}, {p: dict(s) for p, s in SUPPLY.items()}, {}

    def breaks_r8(x):
        return not streets_ok({**built, x: "?"})

    for i, move in enumerate(BUILD_ORDER):
        who, piece, l = "BW"[i % 2], move[0], lot(move[1:])
        t, tc = tile_of(l), tcol[tile_of(l)]
        n = sum(1 for x in tile_lots(t) if x in built)
        if final.get(l) != piece or l in built or supply[who][piece] == 0 or breaks_r8(l):
            return False, f"build {i + 1} {move}: wrong piece, lot taken, no supply or breaks R8"
        if piece.isupper() and n < 2 and colour(piece) != tc and tc != "k":
            return False, f"build {i + 1} {move}: breaks the tile rule (R9)"
        if piece.islower() and piece != tc:
            own = [x for x in ALL_LOTS if x not in built and tcol[tile_of(x)] == piece]
            if not all(breaks_r8(x) for x in own):
                return False, f"build {i + 1} {move}: a {piece} dome could still go on its own colour (R10)"
        if l in icons and not all(breaks_r8(x) for x in tile_lots(t) if x != l and x not in built):
            return False, f"build {i + 1} {move}: icon lot built too early (R11)"
        built[l] = piece
        supply[who][piece] -= 1
        turn_of[l] = i
    if built != final:
        return False, "the replay does not end in the seed position"
    # Claims: one per turn, by the claimer, after the tower is built, never after the last build.
    for who in "WB":
        free_turns = [i for i in range(len(BUILD_ORDER) - 1) if "BW"[i % 2] == who]
        for l in sorted((l for l, c in claims.items() if c == who), key=lambda l: turn_of[l]):
            later = [i for i in free_turns if i >= turn_of[l]]
            if not later:
                return False, f"no turn left for {who} to claim {name(l)}"
            free_turns.remove(later[0])
    return True, f"{len(BUILD_ORDER)} builds replayed legally, claims fit, supplies used up"


def main(argv):
    literal = "--literal" in argv
    files = [a for a in argv[1:] if not a.startswith("--")]
    path = Path(files[0]) if files else DEFAULT_FILE
    failures = check_position(path.read_text(), literal=literal)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
