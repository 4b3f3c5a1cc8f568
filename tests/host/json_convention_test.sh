#!/usr/bin/env bash
# ctest host.json_convention: every JSON gamehost prints or writes follows
# one convention (docs/gamehost.md, "JSON"): the .proto field names
# (snake_case; only "@type" differs) and every field printed, zeros
# included: export, analyze, analyze --as, review, and a tournament's and
# a merge's files.
#
#   json_convention_test.sh GAMEHOST SOURCE_DIR
set -euo pipefail
gamehost=$1 src=$2
work=$(mktemp -d /tmp/gamehost-json.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
samples=$src/games/samples

"$gamehost" export "$samples/seed-1.ghlog" --format json >export.json
"$gamehost" analyze "$samples/seed-2.ghlog" --ply 30 --format json >analyze.json
"$gamehost" analyze "$samples/city_planning-seed-1.ghlog" --ply 40 --as A --format json >analyze-as.json
cp "$samples/connect_four-seed-1.ghlog" c4.ghlog
"$gamehost" review c4.ghlog --iters 200 --solver-nodes 0 --format json 2>/dev/null >review.json
"$gamehost" tournament connect_four --agents random,random:seed=5 --games 2 --seed 1 --out t --shard 1/2 >/dev/null
"$gamehost" tournament connect_four --agents random,random:seed=5 --games 2 --seed 1 --out t --shard 2/2 >/dev/null
"$gamehost" merge t/results-1-of-2.json t/results-2-of-2.json >/dev/null

python3 - export.json analyze.json analyze-as.json review.json t/results.json t/timing.json t/tournament.json \
  t/results-1-of-2.json <<'PY'
import json, re, sys

def keys(value, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield k, f"{path}.{k}"
            yield from keys(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from keys(v, f"{path}[{i}]")

bad = []
docs = {f: json.load(open(f)) for f in sys.argv[1:]}
for f, doc in docs.items():
    for k, where in keys(doc):
        if k != "@type" and not re.fullmatch(r"[a-z][a-z0-9_]*", k):
            bad.append(f"{f}: {where}: not a snake_case .proto name")

def need(cond, what):
    if not cond: bad.append(what)

# Zeros are printed: the first player's seat 0, a legal list beside its ids.
need(docs["export.json"]["plies"][0]["player"] == 0, "export: ply 1's player 0 is not printed")
state = docs["analyze.json"]["state"]["info"]
need(len(state["legal_ids"]) == len(state["legal"]) > 0, "analyze: legal_ids and legal disagree")
need(any(p["seat"] == 0 and p["reviewed"] for p in docs["review.json"]["plies"]), "review: no ply of seat 0")
need(all("points_lost" in p for p in docs["review.json"]["plies"] if p.get("reviewed")),
     "review: points_lost missing where it is 0")
need(docs["t/results.json"]["games"][0]["seed"] == "1", "results.json: the first game's seed, a 64-bit integer as a string")
print("\n".join(bad) if bad else "PASS")
sys.exit(1 if bad else 0)
PY
